import type { GlobalPermission, PathPermission, RoleDefinition } from './permissions';
import { GLOBAL_PERMISSIONS, PATH_PERMISSIONS } from './permissions';

/**
 * The resolution rule of DATA-PLANE "Security store", pure, shared by the runtime (every CONNECT, SUBSCRIBE,
 * PUBLISH and delivery) and the web (the effective-permission explainer shows the runtime's own answer, computed by
 * this module). For role R and path P: the permissions assigned on P; else those of P's nearest ancestor with an
 * assignment, unless an isolated path lies between them (P itself included: isolation stops inheritance); else R's
 * default path permissions. A session holds the union over its roles and, transitively, their included roles.
 */
export interface SecurityModel {
  roles: ReadonlyMap<string, RoleDefinition>;
  isolatedPaths: ReadonlySet<string>;
}

export function securityModel(
  roles: readonly RoleDefinition[],
  isolatedPaths: readonly string[],
): SecurityModel {
  return {
    roles: new Map(roles.map((role) => [role.name, role])),
    isolatedPaths: new Set(isolatedPaths),
  };
}

/** One role a session holds: assigned directly (`via` empty) or included by the roles in `via`, outermost first. */
export interface HeldRole {
  name: string;
  via: string[];
  /** False when the name is not (or no longer) a role of the store: it grants nothing. */
  exists: boolean;
}

/** The roles a session holds: its roles and, breadth first, every role they include (each once, cycles ignored). */
export function expandRoles(model: SecurityModel, assigned: readonly string[]): HeldRole[] {
  const held = new Map<string, HeldRole>();
  const queue: HeldRole[] = assigned.map((name) => ({
    name,
    via: [],
    exists: model.roles.has(name),
  }));
  while (queue.length > 0) {
    const next = queue.shift() as HeldRole;
    if (held.has(next.name)) continue;
    held.set(next.name, next);
    for (const included of model.roles.get(next.name)?.includedRoles ?? []) {
      if (!held.has(included)) {
        queue.push({
          name: included,
          via: [...next.via, next.name],
          exists: model.roles.has(included),
        });
      }
    }
  }
  return [...held.values()];
}

export type PathSourceKind = 'path' | 'ancestor' | 'default';

/** Where one role's permissions on a path come from. */
export interface RolePathSource {
  role: string;
  via: string[];
  source: PathSourceKind;
  /** The path whose assignment applies (P itself or the ancestor); null for the default. */
  assignedPath: string | null;
  /** The isolated path that stopped inheritance from further up; null when none did. */
  isolatedBy: string | null;
  permissions: PathPermission[];
}

function parentOf(path: string): string | null {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? null : path.slice(0, slash);
}

/** One role's permissions on `path` (the empty path is the root: only defaults apply there). */
export function rolePathSource(
  model: SecurityModel,
  role: RoleDefinition,
  path: string,
  via: string[] = [],
): RolePathSource {
  const assignments = role.pathPermissions;
  let current: string | null = path === '' ? null : path;
  let isolatedBy: string | null = null;
  while (current !== null) {
    const assigned = Object.hasOwn(assignments, current) ? assignments[current] : undefined;
    if (assigned !== undefined) {
      return {
        role: role.name,
        via,
        source: current === path ? 'path' : 'ancestor',
        assignedPath: current,
        isolatedBy: null,
        permissions: [...assigned],
      };
    }
    if (model.isolatedPaths.has(current)) {
      isolatedBy = current;
      break;
    }
    current = parentOf(current);
  }
  return {
    role: role.name,
    via,
    source: 'default',
    assignedPath: null,
    isolatedBy,
    permissions: [...role.defaultPathPermissions],
  };
}

export interface PathResolution {
  permissions: Set<PathPermission>;
  sources: RolePathSource[];
}

export function resolvePathPermissions(
  model: SecurityModel,
  held: readonly HeldRole[],
  path: string,
): PathResolution {
  const permissions = new Set<PathPermission>();
  const sources: RolePathSource[] = [];
  for (const heldRole of held) {
    const role = model.roles.get(heldRole.name);
    if (role === undefined) continue;
    const source = rolePathSource(model, role, path, heldRole.via);
    for (const permission of source.permissions) permissions.add(permission);
    sources.push(source);
  }
  return { permissions, sources };
}

export interface GlobalResolution {
  permissions: Set<GlobalPermission>;
  /** Permission → the held roles that grant it. */
  grantedBy: Map<GlobalPermission, string[]>;
}

export function resolveGlobalPermissions(
  model: SecurityModel,
  held: readonly HeldRole[],
): GlobalResolution {
  const grantedBy = new Map<GlobalPermission, string[]>();
  for (const heldRole of held) {
    for (const permission of model.roles.get(heldRole.name)?.globalPermissions ?? []) {
      grantedBy.set(permission, [...(grantedBy.get(permission) ?? []), heldRole.name]);
    }
  }
  return { permissions: new Set(grantedBy.keys()), grantedBy };
}

/** The included-role cycle a set of roles would contain (names in order, first repeated at the end), or null. */
export function findRoleCycle(roles: readonly RoleDefinition[]): string[] | null {
  const byName = new Map(roles.map((role) => [role.name, role]));
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (name: string): string[] | null => {
    const seen = state.get(name);
    if (seen === 'done') return null;
    if (seen === 'visiting') return [...stack.slice(stack.indexOf(name)), name];
    state.set(name, 'visiting');
    stack.push(name);
    for (const included of byName.get(name)?.includedRoles ?? []) {
      const cycle = visit(included);
      if (cycle !== null) return cycle;
    }
    stack.pop();
    state.set(name, 'done');
    return null;
  };
  for (const role of roles) {
    const cycle = visit(role.name);
    if (cycle !== null) return cycle;
  }
  return null;
}

/**
 * The literal prefix of an MQTT topic filter, on which SUBSCRIBE needs SELECT_TOPIC (DATA-PLANE "MQTT mapping"):
 * the levels before the first wildcard level. `a/b/+/c` → `a/b`; `#` → `` (the root).
 */
export function mqttFilterPrefix(filter: string): string {
  const levels = filter.split('/');
  const wildcardAt = levels.findIndex((level) => level === '+' || level === '#');
  return (wildcardAt < 0 ? levels : levels.slice(0, wildcardAt)).join('/');
}

/** An ordered copy for answers (the order of the permission lists, not of insertion). */
export function orderedPathPermissions(permissions: ReadonlySet<PathPermission>): PathPermission[] {
  return PATH_PERMISSIONS.filter((permission) => permissions.has(permission));
}
export function orderedGlobalPermissions(
  permissions: ReadonlySet<GlobalPermission>,
): GlobalPermission[] {
  return GLOBAL_PERMISSIONS.filter((permission) => permissions.has(permission));
}
