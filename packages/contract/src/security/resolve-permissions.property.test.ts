import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GlobalPermission, PathPermission, RoleDefinition } from './permissions';
import { GLOBAL_PERMISSIONS, PATH_PERMISSIONS } from './permissions';
import { decidePublishRights, decideReceive, decideSubscribe, SessionRights } from './mqtt-rights';
import {
  expandRoles,
  orderedGlobalPermissions,
  orderedPathPermissions,
  resolveGlobalPermissions,
  resolvePathPermissions,
  securityModel,
} from './resolve-permissions';

/**
 * The resolution rule against a brute-force reference written from the rule's text (DATA-PLANE "Security store"),
 * not from the implementation: for role R and path P, take every assignment of R on P or on an ancestor of P; the
 * longest applies unless an isolated path lies strictly below it, on P or between; otherwise R's defaults. The root
 * has only defaults. A session holds the union over every role reachable through includedRoles.
 */

const SEGMENTS = ['a', 'b', 'c'];
const PATHS = ['a', 'a/b', 'a/b/c', 'a/c', 'b', 'b/a', 'c', 'c/c/c'];
const ROLE_NAMES = ['r0', 'r1', 'r2', 'r3'];
/** Named but never defined: included or assigned, it must grant nothing. */
const MISSING_ROLE = 'ghost';

const isSelfOrAncestor = (ancestor: string, path: string) =>
  ancestor === path || path.startsWith(`${ancestor}/`);
const depth = (path: string) => path.split('/').length;

function referenceRolePermissions(
  role: RoleDefinition,
  isolated: readonly string[],
  path: string,
): Set<PathPermission> {
  if (path === '') return new Set(role.defaultPathPermissions);
  const candidates = Object.keys(role.pathPermissions)
    .filter((assignedPath) => isSelfOrAncestor(assignedPath, path))
    .sort((left, right) => depth(right) - depth(left));
  const nearest = candidates[0];
  if (nearest === undefined) return new Set(role.defaultPathPermissions);
  const blocked = isolated.some(
    (isolatedPath) => isSelfOrAncestor(isolatedPath, path) && depth(isolatedPath) > depth(nearest),
  );
  return new Set(blocked ? role.defaultPathPermissions : role.pathPermissions[nearest]);
}

function referenceHeldRoles(roles: readonly RoleDefinition[], assigned: readonly string[]) {
  const reached = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const included of roles.find((role) => role.name === name)?.includedRoles ?? []) {
      visit(included);
    }
  };
  assigned.forEach(visit);
  return roles.filter((role) => reached.has(role.name));
}

function referencePathPermissions(
  roles: readonly RoleDefinition[],
  isolated: readonly string[],
  assigned: readonly string[],
  path: string,
): PathPermission[] {
  const union = new Set<PathPermission>();
  for (const role of referenceHeldRoles(roles, assigned)) {
    for (const permission of referenceRolePermissions(role, isolated, path)) union.add(permission);
  }
  return PATH_PERMISSIONS.filter((permission) => union.has(permission));
}

function referenceGlobalPermissions(
  roles: readonly RoleDefinition[],
  assigned: readonly string[],
): GlobalPermission[] {
  const held = referenceHeldRoles(roles, assigned);
  return GLOBAL_PERMISSIONS.filter((permission) =>
    held.some((role) => role.globalPermissions.includes(permission)),
  );
}

/** Few permissions, so that each one the MQTT decisions use is often present and often absent. */
const pathPermissions = fc.subarray([
  'READ_TOPIC',
  'SELECT_TOPIC',
  'UPDATE_TOPIC',
  'MODIFY_TOPIC',
] as PathPermission[]);
const roleArbitrary = (name: string) =>
  fc.record({
    name: fc.constant(name),
    globalPermissions: fc.subarray(['VIEW_SERVER', 'VIEW_SESSION'] as GlobalPermission[]),
    defaultPathPermissions: pathPermissions,
    pathPermissions: fc.dictionary(fc.constantFrom(...PATHS), pathPermissions, { maxKeys: 4 }),
    // Any role may include any other, itself or a missing one: cycles included.
    includedRoles: fc.subarray([...ROLE_NAMES, MISSING_ROLE], { maxLength: 2 }),
    lockingPrincipal: fc.constant(null),
  });

const storeArbitrary = fc.record({
  roles: fc.tuple(...ROLE_NAMES.map(roleArbitrary)),
  isolated: fc.subarray(PATHS, { maxLength: 3 }),
  assigned: fc.subarray([...ROLE_NAMES, MISSING_ROLE], { maxLength: 3 }),
});

const pathArbitrary = fc.oneof(
  fc.constantFrom('', ...PATHS),
  fc
    .array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 5 })
    .map((segments) => segments.join('/')),
);

/** Valid MQTT filters over the same alphabet: `#` only last, `$SYS` only first. */
const filterArbitrary = fc
  .tuple(
    fc.constantFrom('', '$SYS'),
    fc.array(fc.constantFrom(...SEGMENTS, '+'), { maxLength: 4 }),
    fc.boolean(),
  )
  .map(([first, levels, multi]) => [first, ...levels, ...(multi ? ['#'] : [])].filter(Boolean))
  .filter((levels) => levels.length > 0)
  .map((levels) => levels.join('/'));

function referenceSubscribe(
  roles: readonly RoleDefinition[],
  isolated: readonly string[],
  assigned: readonly string[],
  filter: string,
): boolean {
  const levels = filter.split('/');
  if (levels[0] === '$SYS') {
    return referenceGlobalPermissions(roles, assigned).includes('VIEW_SERVER');
  }
  const literal: string[] = [];
  for (const level of levels) {
    if (level === '+' || level === '#') break;
    literal.push(level);
  }
  return referencePathPermissions(roles, isolated, assigned, literal.join('/')).includes(
    'SELECT_TOPIC',
  );
}

describe('resolution rule against a brute-force reference', () => {
  it('path permissions of a session equal the reference on every path', () => {
    fc.assert(
      fc.property(
        storeArbitrary,
        fc.array(pathArbitrary, { minLength: 1, maxLength: 8 }),
        (store, paths) => {
          const model = securityModel(store.roles, store.isolated);
          const held = expandRoles(model, store.assigned);
          for (const path of paths) {
            expect(
              orderedPathPermissions(resolvePathPermissions(model, held, path).permissions),
            ).toEqual(referencePathPermissions(store.roles, store.isolated, store.assigned, path));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('each role held once, its own permissions equal the reference for that role alone', () => {
    fc.assert(
      fc.property(storeArbitrary, pathArbitrary, (store, path) => {
        const model = securityModel(store.roles, store.isolated);
        const held = expandRoles(model, store.assigned);
        const names = held.map(({ name }) => name);
        expect(new Set(names).size).toBe(names.length);
        expect(new Set(held.filter(({ exists }) => exists).map(({ name }) => name))).toEqual(
          new Set(referenceHeldRoles(store.roles, store.assigned).map(({ name }) => name)),
        );
        for (const source of resolvePathPermissions(model, held, path).sources) {
          const role = store.roles.find(({ name }) => name === source.role) as RoleDefinition;
          expect(new Set(source.permissions)).toEqual(
            referenceRolePermissions(role, store.isolated, path),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('global permissions equal the reference', () => {
    fc.assert(
      fc.property(storeArbitrary, (store) => {
        const model = securityModel(store.roles, store.isolated);
        const global = resolveGlobalPermissions(model, expandRoles(model, store.assigned));
        expect(orderedGlobalPermissions(global.permissions)).toEqual(
          referenceGlobalPermissions(store.roles, store.assigned),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('decideSubscribe equals the reference on random MQTT filters', () => {
    fc.assert(
      fc.property(
        storeArbitrary,
        fc.array(filterArbitrary, { minLength: 1, maxLength: 8 }),
        (store, filters) => {
          const rights = new SessionRights(
            securityModel(store.roles, store.isolated),
            store.assigned,
          );
          for (const filter of filters) {
            expect(decideSubscribe(rights, filter).allowed).toBe(
              referenceSubscribe(store.roles, store.isolated, store.assigned, filter),
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('decideReceive and decidePublishRights equal the reference on random topics, $SYS/ included', () => {
    const topicArbitrary = fc.oneof(
      pathArbitrary.filter((path) => path !== ''),
      pathArbitrary.filter((path) => path !== '').map((path) => `$SYS/${path}`),
    );
    fc.assert(
      fc.property(storeArbitrary, topicArbitrary, fc.boolean(), (store, topic, exists) => {
        const rights = new SessionRights(
          securityModel(store.roles, store.isolated),
          store.assigned,
        );
        const onPath = referencePathPermissions(store.roles, store.isolated, store.assigned, topic);
        const isSys = topic.startsWith('$SYS/');
        expect(decideReceive(rights, topic).allowed).toBe(
          isSys
            ? referenceGlobalPermissions(store.roles, store.assigned).includes('VIEW_SERVER')
            : onPath.includes('READ_TOPIC'),
        );
        expect(decidePublishRights(rights, topic, exists).allowed).toBe(
          !isSys && onPath.includes('UPDATE_TOPIC') && (exists || onPath.includes('MODIFY_TOPIC')),
        );
      }),
      { numRuns: 500 },
    );
  });
});
