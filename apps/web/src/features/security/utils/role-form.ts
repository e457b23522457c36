import type {
  GlobalPermission,
  PathPermission,
  RoleDefinition,
} from '@herald/contract/security/permissions';
import type { Role, RoleInput } from '@herald/contract/security/security.schema';

/** One row of the path permissions matrix; an empty `permissions` is an explicit "nothing here". */
export interface PathRow {
  path: string;
  permissions: PathPermission[];
}

/** What the role editor edits (strings for the optional fields, rows for the matrix, in the user's order). */
export interface RoleFormValues {
  name: string;
  description: string;
  globalPermissions: GlobalPermission[];
  defaultPathPermissions: PathPermission[];
  pathRows: PathRow[];
  includedRoles: string[];
  lockingPrincipal: string;
}

export const EMPTY_ROLE_FORM: RoleFormValues = {
  name: '',
  description: '',
  globalPermissions: [],
  defaultPathPermissions: [],
  pathRows: [],
  includedRoles: [],
  lockingPrincipal: '',
};

/** The form of an existing role; `name` given for a copy ("Copy to a new role" starts with an empty name). */
export function roleToFormValues(role: Role, name = role.name): RoleFormValues {
  return {
    name,
    description: role.description ?? '',
    globalPermissions: [...role.globalPermissions],
    defaultPathPermissions: [...role.defaultPathPermissions],
    pathRows: Object.entries(role.pathPermissions)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, permissions]) => ({ path, permissions: [...permissions] })),
    includedRoles: [...role.includedRoles],
    lockingPrincipal: role.lockingPrincipal ?? '',
  };
}

/** The PUT body: the whole role (a PUT replaces it). */
export function formValuesToInput(values: RoleFormValues): RoleInput {
  const description = values.description.trim();
  const lockingPrincipal = values.lockingPrincipal.trim();
  return {
    description: description === '' ? null : description,
    globalPermissions: values.globalPermissions,
    defaultPathPermissions: values.defaultPathPermissions,
    pathPermissions: Object.fromEntries(values.pathRows.map((row) => [row.path, row.permissions])),
    includedRoles: values.includedRoles,
    lockingPrincipal: lockingPrincipal === '' ? null : lockingPrincipal,
  };
}

/** The role as the contract's rules see it (checkRoleSave, describeRoleChange). */
export function formValuesToDefinition(values: RoleFormValues): RoleDefinition {
  const input = formValuesToInput(values);
  return {
    name: values.name.trim(),
    globalPermissions: values.globalPermissions,
    defaultPathPermissions: values.defaultPathPermissions,
    pathPermissions: input.pathPermissions,
    includedRoles: values.includedRoles,
    lockingPrincipal: input.lockingPrincipal ?? null,
  };
}
