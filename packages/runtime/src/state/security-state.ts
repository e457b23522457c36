import { BUILT_IN_ROLES, type RoleDefinition } from '@herald/contract/security/permissions';
import { securityModel, type SecurityModel } from '@herald/contract/security/resolve-permissions';
import type { AnonymousAction, TrustedProperties } from '@herald/contract/security/security.schema';

/**
 * The security store (custom roles, default roles, isolated paths) and the authentication settings as the runtime
 * keeps them (DATA-PLANE "Security store", "Authentication store"; docs/decisions/021). Built-in roles are not
 * stored: they are constants of the contract merged in, so they are always present and cannot drift.
 */
export interface CustomRoleState extends RoleDefinition {
  description: string | null;
}

export interface SecurityState {
  /** Custom roles only, by name. */
  roles: Map<string, CustomRoleState>;
  rolesForNamedSessions: string[];
  rolesForAnonymousSessions: string[];
  isolatedPaths: string[];
  anonymousAction: AnonymousAction;
  trustedProperties: TrustedProperties;
}

/** The snapshot's form of the same. */
export type StoredSecurity = Omit<SecurityState, 'roles'> & { roles: CustomRoleState[] };

export function emptySecurity(): SecurityState {
  return {
    roles: new Map(),
    rolesForNamedSessions: [],
    rolesForAnonymousSessions: [],
    isolatedPaths: [],
    // A new service refuses anonymous clients until someone allows them.
    anonymousAction: 'DENY',
    trustedProperties: {},
  };
}

/** Loads a snapshot's security part; fields an older snapshot lacks keep their defaults. */
export function withSecurityDefaults(
  security: SecurityState,
  stored: Partial<StoredSecurity> | undefined,
): void {
  if (stored === undefined) return;
  for (const role of stored.roles ?? []) {
    security.roles.set(role.name, { ...role, lockingPrincipal: role.lockingPrincipal ?? null });
  }
  security.rolesForNamedSessions = stored.rolesForNamedSessions ?? [];
  security.rolesForAnonymousSessions = stored.rolesForAnonymousSessions ?? [];
  security.isolatedPaths = stored.isolatedPaths ?? [];
  security.anonymousAction = stored.anonymousAction ?? 'DENY';
  security.trustedProperties = stored.trustedProperties ?? {};
}

export function modelOf(security: SecurityState): SecurityModel {
  return securityModel([...BUILT_IN_ROLES, ...security.roles.values()], security.isolatedPaths);
}

/** What removing a role also changes: principals and other roles that name it. */
export function roleReferences(
  security: SecurityState,
  principals: ReadonlyMap<string, { assignedRoles: string[] }>,
  name: string,
): { principalsChanged: string[]; rolesChanged: string[] } {
  const principalsChanged = [...principals]
    .filter(([, principal]) => principal.assignedRoles.includes(name))
    .map(([principalName]) => principalName)
    .sort();
  const rolesChanged = [...security.roles.values()]
    .filter((role) => role.name !== name && role.includedRoles.includes(name))
    .map((role) => role.name)
    .sort();
  return { principalsChanged, rolesChanged };
}

/**
 * Removes a custom role and every reference to it (principals' roles, default role lists, other roles' included
 * roles). Deterministic, so replaying the log's `removeRole` record gives the same state.
 */
export function removeRole<P extends { assignedRoles: string[] }>(
  security: SecurityState,
  principals: Map<string, P>,
  name: string,
): void {
  security.roles.delete(name);
  const without = (names: string[]) => names.filter((role) => role !== name);
  for (const [principalName, principal] of principals) {
    if (principal.assignedRoles.includes(name)) {
      principals.set(principalName, {
        ...principal,
        assignedRoles: without(principal.assignedRoles),
      });
    }
  }
  for (const [roleName, role] of security.roles) {
    if (role.includedRoles.includes(name)) {
      security.roles.set(roleName, { ...role, includedRoles: without(role.includedRoles) });
    }
  }
  security.rolesForNamedSessions = without(security.rolesForNamedSessions);
  security.rolesForAnonymousSessions = without(security.rolesForAnonymousSessions);
}
