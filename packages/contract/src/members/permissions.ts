/** Workspace roles, spec section 6. */
export const ROLES = ['User', 'Admin', 'Owner'] as const;
export type Role = (typeof ROLES)[number];

/** Permission names, spec section 6. Wire values: never rename. */
export const PERMISSIONS = [
  'restart-service',
  'manage-billing',
  'upgrade-service',
  'create-service',
  'cancel-service',
  'configure-service-console',
  'reset-topics',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Role → permissions, spec section 6: Owner has the same permissions as Admin. */
export const ROLE_PERMISSIONS = {
  User: ['restart-service'],
  Admin: [
    'restart-service',
    'manage-billing',
    'upgrade-service',
    'create-service',
    'cancel-service',
    'configure-service-console',
    'reset-topics',
  ],
  Owner: [
    'restart-service',
    'manage-billing',
    'upgrade-service',
    'create-service',
    'cancel-service',
    'configure-service-console',
    'reset-topics',
  ],
} as const satisfies Record<Role, readonly Permission[]>;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The known roles among `roles`, without duplicates, in the order of ROLES; unknown roles are ignored. */
export function knownRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

/** The union of the permissions of `roles`, in the order of PERMISSIONS; unknown roles grant nothing. */
export function permissionsForRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>(
    knownRoles(roles).flatMap((role): readonly Permission[] => ROLE_PERMISSIONS[role]),
  );
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

/** The shared check: the server calls it to reject, the UI to hide or disable (CONVENTIONS section 2). */
export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  return permissionsForRoles(roles).includes(permission);
}

export interface WorkspaceMembersInput {
  users: readonly { customerid: string; roles: readonly string[] }[];
}

/**
 * The known roles of a user in a workspace, matched by customer id; none when the user is not a
 * member or there is no workspace.
 */
export function rolesOfUser(
  workspace: WorkspaceMembersInput | null | undefined,
  customerid: string,
): Role[] {
  const member = workspace?.users.find((user) => user.customerid === customerid);
  return member === undefined ? [] : knownRoles(member.roles);
}

/** Spec section 6: the user's roles come from the first workspace's users list. */
export function rolesOfUserInFirstWorkspace(
  workspaces: readonly WorkspaceMembersInput[],
  customerid: string,
): Role[] {
  return rolesOfUser(workspaces[0], customerid);
}

/** Spec sections 2 and 6: the plan upgrade prompt appears only for Admin or Owner. */
export function canSeeUpgradePrompt(roles: readonly string[]): boolean {
  return roles.includes('Admin') || roles.includes('Owner');
}

/**
 * Inviting, revoking invitations, changing roles, removing members and reading the audit trail
 * need Admin or Owner (the rule "Users cannot invite, change roles or remove"; section 6
 * leaves member management "not shown").
 */
export function canManageMembers(roles: readonly string[]): boolean {
  return roles.includes('Admin') || roles.includes('Owner');
}

/**
 * What a User is told when refused a member-management read: a read changes nothing, so the change refusal
 * (MEMBER_CHANGE_REASONS.actorCannotManageMembers) would name the wrong act (issue 25).
 */
export const MEMBER_READ_REFUSALS = {
  auditLog: 'Only an admin or the owner can see the activity of an organisation.',
  invites: 'Only an admin or the owner can see the invitations of an organisation.',
} as const;
