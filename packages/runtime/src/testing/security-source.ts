import { BUILT_IN_ROLES, type RoleDefinition } from '@herald/contract/security/permissions';
import { securityModel } from '@herald/contract/security/resolve-permissions';
import type { AnonymousAction, TrustedProperties } from '@herald/contract/security/security.schema';
import {
  createIdentity,
  type SecuritySource,
  type SessionIdentity,
} from '../policy/session-policy';

/**
 * A security store as the policy reads it, in memory, for unit tests of the pure policy and the hooks (the durable
 * store is tested with the state; the MQTT tests go through the real runtime). Change fields, then call `bump()`.
 */
export interface TestSecurity extends SecuritySource {
  roles: RoleDefinition[];
  isolatedPaths: string[];
  security: {
    rolesForNamedSessions: string[];
    rolesForAnonymousSessions: string[];
    anonymousAction: AnonymousAction;
    trustedProperties: TrustedProperties;
  };
  principals: Map<string, { name: string; assignedRoles: string[]; passwordHash: string }>;
  securityVersion: number;
  bump(): void;
}

export function testSecurity(customRoles: RoleDefinition[] = []): TestSecurity {
  const source: TestSecurity = {
    roles: [...BUILT_IN_ROLES, ...customRoles],
    isolatedPaths: [],
    security: {
      rolesForNamedSessions: [],
      rolesForAnonymousSessions: [],
      anonymousAction: 'DENY',
      trustedProperties: {},
    },
    principals: new Map(),
    securityVersion: 1,
    securityModel: () => securityModel(source.roles, source.isolatedPaths),
    bump: () => {
      source.securityVersion += 1;
    },
  };
  return source;
}

/** A password session of principal `name` holding `roles` (the principal is added to the store). */
export function principalSession(
  source: TestSecurity,
  name: string,
  roles: string[],
): SessionIdentity {
  source.principals.set(name, { name, assignedRoles: roles, passwordHash: `hash-of-${name}` });
  return createIdentity({ kind: 'principal', name, assignedRoles: roles }, source, {
    credentialStamp: `hash-of-${name}`,
  });
}

/** The contract's role factory, under the name the runtime's tests use. */
export { roleDefinition as role } from '@herald/contract/security/testing/role-factories';
