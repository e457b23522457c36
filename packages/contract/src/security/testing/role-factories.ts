import type { RoleDefinition } from '../permissions';
import type { Role } from '../security.schema';

/**
 * Test data shared by the contract's, the runtime's and the dashboard's tests, so a field added to a role is added
 * once. Not used by production code.
 */

/** A role that grants nothing, but for the fields given. */
export function roleDefinition(name: string, fields: Partial<RoleDefinition> = {}): RoleDefinition {
  return {
    name,
    globalPermissions: [],
    defaultPathPermissions: [],
    pathPermissions: {},
    includedRoles: [],
    lockingPrincipal: null,
    ...fields,
  };
}

/** A custom role as the API shows it (not built in, no description), but for the fields given. */
export function storedRole(name: string, fields: Partial<Role> = {}): Role {
  return { ...roleDefinition(name), builtIn: false, description: null, ...fields };
}
