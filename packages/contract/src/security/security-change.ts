import type { GlobalPermission, PathPermission, RoleDefinition } from './permissions';
import { GLOBAL_PERMISSIONS, PATH_PERMISSIONS, isBuiltInRole } from './permissions';
import type {
  AnonymousAction,
  Principal,
  Role,
  SecurityStore,
  TrustedProperties,
  TrustedPropertyRule,
} from './security.schema';
import type { DefaultRoles } from './session-roles';
import { rolePathSource, securityModel, type RolePathSource } from './resolve-permissions';

/**
 * What a save will change, in sentences for people (issue 11 item 5: "each change shows exactly what it will
 * change"): the UI lists them in the confirmation before saving. Permissions keep their wire names (the matrix shows
 * label and name side by side); paths, role and property names are sorted so the same change always reads the same.
 * An empty list means the save changes nothing.
 */

type RoleAfter = RoleDefinition & { description?: string | null };
/** A stored role (`Role`) or the same without `builtIn`, as a form holds it. */
type RoleBefore = RoleDefinition & { description: string | null };

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');
const sorted = (items: Iterable<string>) => [...new Set(items)].sort();

/** Items of `after` not in `before`, and of `before` not in `after`, in the order of `order`. */
function difference<T extends string>(
  order: readonly T[],
  before: readonly T[],
  after: readonly T[],
): { added: T[]; removed: T[] } {
  return {
    added: order.filter((item) => after.includes(item) && !before.includes(item)),
    removed: order.filter((item) => before.includes(item) && !after.includes(item)),
  };
}

function namesDifference(before: readonly string[], after: readonly string[]) {
  return difference(sorted([...before, ...after]), before, after);
}

function permissionListSentences<T extends string>(
  label: string,
  order: readonly T[],
  before: readonly T[],
  after: readonly T[],
): string[] {
  const { added, removed } = difference(order, before, after);
  const sentences: string[] = [];
  if (added.length > 0) sentences.push(`${label}: adds ${added.join(', ')}.`);
  if (removed.length > 0) sentences.push(`${label}: removes ${removed.join(', ')}.`);
  return sentences;
}

const orderedList = (permissions: readonly PathPermission[]) =>
  PATH_PERMISSIONS.filter((permission) => permissions.includes(permission)).join(', ');

/** What a role gives on a path where it has no assignment of its own, in words ("READ_TOPIC from "a""). */
function inheritedWords(source: RolePathSource): string {
  const list = source.permissions.length === 0 ? '' : orderedList(source.permissions);
  return source.source === 'default'
    ? `the default path permissions (${list || 'none'})`
    : `${list || 'nothing'} from "${source.assignedPath}"`;
}

function pathSentences(
  before: RoleDefinition,
  after: RoleDefinition,
  isolatedPaths: readonly string[],
): string[] {
  // Only the isolated paths of the model matter to rolePathSource.
  const model = securityModel([], isolatedPaths);
  const sentences: string[] = [];
  for (const path of sorted([
    ...Object.keys(before.pathPermissions),
    ...Object.keys(after.pathPermissions),
  ])) {
    const had = Object.hasOwn(before.pathPermissions, path)
      ? before.pathPermissions[path]
      : undefined;
    const has = Object.hasOwn(after.pathPermissions, path)
      ? after.pathPermissions[path]
      : undefined;
    if (has === undefined) {
      const inherits = rolePathSource(model, after, path);
      sentences.push(
        `Stops assigning permissions on "${path}" (it inherits again: ${inheritedWords(inherits)}).`,
      );
      continue;
    }
    if (had === undefined && has.length === 0) {
      // An empty assignment is not "nothing": it replaces what the path would inherit (DATA-PLANE "Setting
      // permissions replaces"), so say what it takes away.
      sentences.push(
        `Assigns no permissions on "${path}": it and the paths below it no longer inherit any.`,
      );
      continue;
    }
    // A new assignment replaces what the path inherited before, so compare with that, not with nothing.
    const inherited = had === undefined ? rolePathSource(model, before, path) : null;
    const { added, removed } = difference(
      PATH_PERMISSIONS,
      had ?? inherited?.permissions ?? [],
      has,
    );
    if (added.length > 0) sentences.push(`Grants ${added.join(', ')} on "${path}".`);
    if (removed.length > 0) {
      sentences.push(
        inherited === null
          ? `Removes ${removed.join(', ')} on "${path}".`
          : `Removes ${removed.join(', ')} on "${path}" (it no longer inherits ${inheritedWords(inherited)}).`,
      );
    }
    if (inherited !== null && added.length === 0 && removed.length === 0) {
      sentences.push(
        `Assigns on "${path}" the permissions it inherited (${orderedList(has)}): changes above it no longer reach it.`,
      );
    }
  }
  return sentences;
}

function lockSentences(
  subject: 'role' | 'principal',
  before: string | null,
  after: string | null | undefined,
): string[] {
  if (after === undefined || after === before) return [];
  if (before === null) return [`Locks the ${subject} to principal "${after}".`];
  if (after === null) return [`Unlocks the ${subject} (was locked to principal "${before}").`];
  return [`Moves the ${subject}'s lock from principal "${before}" to principal "${after}".`];
}

const EMPTY_ROLE: Omit<RoleAfter, 'name'> = {
  description: null,
  globalPermissions: [],
  defaultPathPermissions: [],
  pathPermissions: {},
  includedRoles: [],
  lockingPrincipal: null,
};

/**
 * `isolatedPaths` (the store's) decide what a path inherits when an assignment is added or removed; a new assignment
 * is described against what the path inherited before, since it replaces that.
 */
export function describeRoleChange(
  before: RoleBefore | null,
  after: RoleAfter,
  isolatedPaths: readonly string[] = [],
): string[] {
  const from = before ?? { ...EMPTY_ROLE, name: after.name };
  const sentences: string[] = [];
  if (before === null) sentences.push(`Creates role "${after.name}".`);
  else if (after.description !== undefined) {
    // Blank and absent are the same description (the schema trims it).
    const next = after.description?.trim() || null;
    if (next !== (before.description?.trim() || null)) {
      sentences.push(next === null ? 'Removes the description.' : 'Changes the description.');
    }
  }
  sentences.push(
    ...permissionListSentences<GlobalPermission>(
      'Global permissions',
      GLOBAL_PERMISSIONS,
      from.globalPermissions,
      after.globalPermissions,
    ),
    ...permissionListSentences<PathPermission>(
      'Default path permissions',
      PATH_PERMISSIONS,
      from.defaultPathPermissions,
      after.defaultPathPermissions,
    ),
    ...pathSentences(from, after, isolatedPaths),
  );
  const included = namesDifference(from.includedRoles, after.includedRoles);
  for (const name of included.added) sentences.push(`Includes role ${name}.`);
  for (const name of included.removed) sentences.push(`No longer includes role ${name}.`);
  sentences.push(...lockSentences('role', from.lockingPrincipal, after.lockingPrincipal));
  if (before === null && sentences.length === 1) sentences.push('It grants no permissions.');
  return sentences;
}

/** Who loses the role when it is removed (the runtime takes it out of each of these in the same write). */
export function describeRoleRemoval(
  role: Pick<Role, 'name'> | string,
  /** Undefined while the principals are not known (still loading): the sentence then cannot name them. */
  principals: readonly Principal[] | undefined,
  store: Pick<SecurityStore, 'roles' | 'rolesForNamedSessions' | 'rolesForAnonymousSessions'>,
): string[] {
  const name = typeof role === 'string' ? role : role.name;
  if (isBuiltInRole(name)) return [`${name} is a built-in role and cannot be removed.`];
  const sentences = [`Removes role "${name}".`];
  if (principals === undefined) {
    sentences.push('Takes it from every principal that holds it.');
  } else {
    const holders = sorted(
      principals.filter((principal) => principal.roles.includes(name)).map((holder) => holder.name),
    );
    if (holders.length > 0) {
      sentences.push(
        `Takes it from ${holders.length === 1 ? 'principal' : 'principals'} ${quoted(holders)}.`,
      );
    }
  }
  if (store.rolesForNamedSessions.includes(name)) {
    sentences.push('Sessions of principals no longer get it by default.');
  }
  if (store.rolesForAnonymousSessions.includes(name)) {
    sentences.push('Anonymous sessions no longer get it.');
  }
  const includers = sorted(
    store.roles
      .filter((other) => other.name !== name && other.includedRoles.includes(name))
      .map((other) => other.name),
  );
  if (includers.length > 0) {
    sentences.push(
      includers.length === 1
        ? `Role ${quoted(includers)} no longer includes it.`
        : `Roles ${quoted(includers)} no longer include it.`,
    );
  }
  sentences.push(
    sentences.length === 1
      ? 'No principal, default role list or other role uses it.'
      : 'Connected sessions lose its permissions at once.',
  );
  return sentences;
}

export function describeDefaultRolesChange(before: DefaultRoles, after: DefaultRoles): string[] {
  const sentences: string[] = [];
  const lists = [
    ['Sessions of principals', before.rolesForNamedSessions, after.rolesForNamedSessions],
    ['Anonymous sessions', before.rolesForAnonymousSessions, after.rolesForAnonymousSessions],
  ] as const;
  for (const [who, from, to] of lists) {
    const { added, removed } = namesDifference(from, to);
    for (const name of added) sentences.push(`${who} also get role "${name}".`);
    for (const name of removed) sentences.push(`${who} no longer get role "${name}".`);
  }
  return sentences;
}

export function describeIsolatedPathsChange(
  before: readonly string[],
  after: readonly string[],
): string[] {
  const { added, removed } = namesDifference(before, after);
  return [
    ...added.map((path) =>
      path.includes('/')
        ? `Isolates "${path}": permissions assigned above it no longer apply to it and the paths below it.`
        : // Only the roles' defaults lie above a top-level path, and isolation does not stop defaults.
          `Isolates "${path}" (no effect on permissions: a top-level path inherits from no other path).`,
    ),
    ...removed.map((path) =>
      path.includes('/')
        ? `Stops isolating "${path}": permissions assigned above it apply again to it and the paths below it.`
        : `Stops isolating "${path}".`,
    ),
  ];
}

export interface PrincipalChange {
  /** Needed to name a new principal; an update names the existing one. */
  name?: string;
  roles: readonly string[];
  /** Undefined: left as it is. */
  lockingPrincipal?: string | null;
  passwordChanged: boolean;
}

export function describePrincipalChange(
  before: Principal | null,
  after: PrincipalChange,
): string[] {
  const sentences: string[] = [];
  if (before === null) {
    sentences.push(
      after.name === undefined ? 'Adds the principal.' : `Adds principal "${after.name}".`,
    );
    if (after.passwordChanged) sentences.push('Sets its password.');
    sentences.push(
      after.roles.length === 0
        ? 'Assigns no roles: its sessions get only the roles for named sessions.'
        : `Assigns ${after.roles.length === 1 ? 'role' : 'roles'} ${quoted(sorted(after.roles))}.`,
    );
    sentences.push(...lockSentences('principal', null, after.lockingPrincipal));
    return sentences;
  }
  const { added, removed } = namesDifference(before.roles, after.roles);
  if (added.length > 0) {
    sentences.push(`Assigns ${added.length === 1 ? 'role' : 'roles'} ${quoted(added)}.`);
  }
  if (removed.length > 0) {
    sentences.push(`Takes away ${removed.length === 1 ? 'role' : 'roles'} ${quoted(removed)}.`);
  }
  if (after.passwordChanged) {
    sentences.push('Changes the password: its connected sessions are disconnected.');
  }
  sentences.push(...lockSentences('principal', before.lockingPrincipal, after.lockingPrincipal));
  return sentences;
}

const ANONYMOUS_WORDS: Record<AnonymousAction, string> = {
  ALLOW: 'Allows anonymous connections',
  DENY: 'Refuses anonymous connections',
  // ABSTAIN defers to another authenticator; Herald has none, so the connection is refused (docs/decisions/021).
  ABSTAIN:
    'Leaves anonymous connections to another authenticator; there is none, so they are refused',
};

export function describeAnonymousActionChange(
  before: AnonymousAction,
  after: AnonymousAction,
  anonymousRoles: readonly string[],
): string[] {
  if (before === after) return [];
  if (after === 'ALLOW') {
    return [
      anonymousRoles.length === 0
        ? `${ANONYMOUS_WORDS.ALLOW}, with no roles: they may connect but do nothing.`
        : `${ANONYMOUS_WORDS.ALLOW}, with ${anonymousRoles.length === 1 ? 'role' : 'roles'} ${quoted(sorted(anonymousRoles))}.`,
    ];
  }
  const sentences = [`${ANONYMOUS_WORDS[after]}.`];
  if (before === 'ALLOW') sentences.push('Connected anonymous sessions are disconnected.');
  return sentences;
}

function ruleWords(rule: TrustedPropertyRule): string {
  return rule.type === 'values'
    ? `${rule.values.length === 1 ? 'value' : 'values'} ${quoted(rule.values)}`
    : `values matching the whole pattern "${rule.regex}"`;
}

export function describeTrustedPropertiesChange(
  before: TrustedProperties,
  after: TrustedProperties,
): string[] {
  const sentences: string[] = [];
  for (const name of sorted([...Object.keys(before), ...Object.keys(after)])) {
    const had = Object.hasOwn(before, name) ? before[name] : undefined;
    const has = Object.hasOwn(after, name) ? after[name] : undefined;
    if (has === undefined) {
      sentences.push(`Stops trusting property "${name}": clients' proposals of it are dropped.`);
    } else if (had === undefined) {
      sentences.push(`Trusts property "${name}" with ${ruleWords(has)}.`);
    } else if (had.type === 'values' && has.type === 'values') {
      const { added, removed } = difference(
        sorted([...had.values, ...has.values]),
        had.values,
        has.values,
      );
      if (added.length > 0) sentences.push(`Property "${name}": also accepts ${quoted(added)}.`);
      if (removed.length > 0) {
        sentences.push(`Property "${name}": no longer accepts ${quoted(removed)}.`);
      }
    } else if (
      had.type !== has.type ||
      (had.type === 'regex' && has.type === 'regex' && had.regex !== has.regex)
    ) {
      sentences.push(`Property "${name}": now accepts ${ruleWords(has)} (was ${ruleWords(had)}).`);
    }
  }
  return sentences;
}
