/**
 * The cost of the security model on the runtime's hot paths (issue 11, docs/decisions/021): every delivery asks
 * `decideReceive` (READ_TOPIC on the topic's path, memoised per session), every SUBSCRIBE `decideSubscribe`, and each
 * change to roles or principals rebuilds every live session's rights. A store of 50 custom roles (40 path assignments
 * each, 2,000 in all; every fifth includes OPERATOR) and 20 isolated paths; sessions hold 2 or 3 roles.
 * Pure contract functions, no I/O. Run: node --import tsx bench/security-rights.ts [paths, default 100000]
 */
import { BUILT_IN_ROLES, type RoleDefinition } from '../packages/contract/src/security/permissions';
import {
  SessionRights,
  decideReceive,
  decideSubscribe,
} from '../packages/contract/src/security/mqtt-rights';
import { securityModel } from '../packages/contract/src/security/resolve-permissions';

const PATHS = Number(process.argv[2] ?? 100_000);
const SESSIONS = 10_000;

const custom: RoleDefinition[] = Array.from({ length: 50 }, (_, role) => ({
  name: `role-${role}`,
  globalPermissions: [],
  defaultPathPermissions: role % 2 === 0 ? ['SELECT_TOPIC'] : [],
  pathPermissions: Object.fromEntries(
    Array.from({ length: 40 }, (_, index) => [
      `plant/${(role + index) % 30}/line-${index % 30}`,
      index % 3 === 0 ? [] : ['READ_TOPIC', 'SELECT_TOPIC'],
    ]),
  ),
  // Every fifth role includes the built-in OPERATOR (reads everywhere); the rest grant only their paths.
  includedRoles: role % 5 === 0 ? ['OPERATOR'] : [],
  lockingPrincipal: null,
}));
const isolated = Array.from({ length: 20 }, (_, index) => `plant/${index}/line-${index}/secret`);
const model = securityModel([...BUILT_IN_ROLES, ...custom], isolated);
const paths = Array.from(
  { length: PATHS },
  (_, index) =>
    `plant/${index % 30}/line-${Math.floor(index / 30) % 30}/${index % 7 === 0 ? 'secret/' : ''}sensor-${index}`,
);

function time(label: string, count: number, run: () => number): void {
  const started = performance.now();
  const allowed = run();
  const elapsed = performance.now() - started;
  console.log(
    `${label}: ${count.toLocaleString('en')} in ${elapsed.toFixed(1)} ms (${((elapsed * 1e6) / count).toFixed(0)} ns each, ${allowed.toLocaleString('en')} allowed)`,
  );
}

const rights = new SessionRights(model, ['role-1', 'role-2', 'role-3']);
for (const round of ['cold (first sight of each path)', 'warm (memoised)']) {
  time(`decideReceive, ${round}`, PATHS, () => {
    let allowed = 0;
    for (const path of paths) if (decideReceive(rights, path).allowed) allowed += 1;
    return allowed;
  });
}
const filters = paths.slice(0, 10_000).map((path, index) => {
  const levels = path.split('/');
  return index % 2 === 0 ? `${levels.slice(0, 2).join('/')}/#` : `${levels[0]}/+/${levels[2]}/#`;
});
time('decideSubscribe (fresh session each 100 filters)', filters.length, () => {
  let allowed = 0;
  let session = new SessionRights(model, ['role-4', 'role-5']);
  filters.forEach((filter, index) => {
    if (index % 100 === 0) session = new SessionRights(model, ['role-4', 'role-5']);
    if (decideSubscribe(session, filter).allowed) allowed += 1;
  });
  return allowed;
});
time(
  `rebuild rights of ${SESSIONS.toLocaleString('en')} sessions (a role change)`,
  SESSIONS,
  () => {
    let globals = 0;
    for (let index = 0; index < SESSIONS; index += 1) {
      const session = new SessionRights(model, [`role-${index % 50}`, `role-${(index + 7) % 50}`]);
      globals += session.global.size;
    }
    return globals;
  },
);
