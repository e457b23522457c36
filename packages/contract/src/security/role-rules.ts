import type { RoleDefinition } from './permissions';
import { isBuiltInRole } from './permissions';
import { findRoleCycle } from './resolve-permissions';

/**
 * Whether a role may be saved as `candidate` among `roles` (every role of the store, built-ins included), with a
 * message naming the field at fault. The runtime refuses with it (400) and the web shows it before sending.
 */
export type RoleCheck = { ok: true } | { ok: false; field: string; message: string };

export function checkRoleSave(
  roles: readonly RoleDefinition[],
  candidate: RoleDefinition,
): RoleCheck {
  if (isBuiltInRole(candidate.name)) {
    return {
      ok: false,
      field: 'roleName',
      message: `${candidate.name} is a built-in role and cannot be changed; create a role that includes it instead`,
    };
  }
  const names = new Set(roles.map((role) => role.name));
  const unknown = candidate.includedRoles.filter(
    (name) => !names.has(name) && name !== candidate.name,
  );
  if (unknown.length > 0) {
    return {
      ok: false,
      field: 'body.includedRoles',
      message: `unknown role ${unknown.map((name) => `"${name}"`).join(', ')}`,
    };
  }
  const next = [...roles.filter((role) => role.name !== candidate.name), candidate];
  const cycle = findRoleCycle(next);
  if (cycle !== null) {
    return {
      ok: false,
      field: 'body.includedRoles',
      message: `included roles may not form a cycle: ${cycle.join(' → ')}`,
    };
  }
  return { ok: true };
}

/** Role names a list refers to that the store does not have (default roles, principals' roles). */
export function unknownRoles(roles: readonly RoleDefinition[], names: readonly string[]): string[] {
  const known = new Set(roles.map((role) => role.name));
  return names.filter((name) => !known.has(name));
}
