import { routes } from '@herald/contract/api/routes';
import { BUILT_IN_ROLES } from '@herald/contract/security/permissions';
import type {
  AuthenticationStore,
  Explanation,
  Role,
  SecurityStore,
} from '@herald/contract/security/security.schema';
import { storedRole } from '@herald/contract/security/testing/role-factories';
import { within } from '@testing-library/react';
import { handle, type MockHandler } from '../../../testing/api-mock';

export function buildRole(overrides: Partial<Role> & { name: string }): Role {
  return storedRole(overrides.name, overrides);
}

/** The store as a new service has it (built-ins only), plus any custom roles. */
export function buildSecurityStore(overrides: Partial<SecurityStore> = {}): SecurityStore {
  return {
    roles: BUILT_IN_ROLES.map((role) =>
      buildRole({ ...role, builtIn: true, lockingPrincipal: null }),
    ),
    rolesForNamedSessions: [],
    rolesForAnonymousSessions: [],
    isolatedPaths: [],
    ...overrides,
  };
}

export function buildAuthenticationStore(
  overrides: Partial<AuthenticationStore> = {},
): AuthenticationStore {
  return {
    principals: [{ name: 'admin', roles: ['ADMINISTRATOR'], lockingPrincipal: null }],
    anonymousAction: 'DENY',
    trustedProperties: {},
    ...overrides,
  };
}

/** GET …/security and GET …/authentication answered from values a test may change between calls. */
export function securityHandlers(state: {
  security?: SecurityStore;
  authentication: AuthenticationStore;
}): MockHandler[] {
  return [
    handle(routes.getSecurity, () => ({
      status: 200,
      body: state.security ?? buildSecurityStore(),
    })),
    handle(routes.getAuthentication, () => ({ status: 200, body: state.authentication })),
  ];
}

export function buildExplanation(overrides: Partial<Explanation> = {}): Explanation {
  return {
    subject: {
      kind: 'principal',
      label: 'principal "sensor-7"',
      canConnect: { allowed: true, reason: 'principal "sensor-7" exists' },
      assignedRoles: ['SENSORS'],
      roleOrigins: { SENSORS: 'assigned to principal "sensor-7"' },
    },
    roles: [{ name: 'SENSORS', via: [], exists: true }],
    globalPermissions: [],
    target: { text: 'sensors/temp', kind: 'path', prefix: 'sensors/temp' },
    prefixPermissions: {
      path: 'sensors/temp',
      permissions: ['READ_TOPIC', 'SELECT_TOPIC'],
      sources: [
        {
          role: 'SENSORS',
          via: [],
          source: 'ancestor',
          assignedPath: 'sensors',
          isolatedBy: null,
          permissions: ['READ_TOPIC', 'SELECT_TOPIC'],
        },
      ],
    },
    mqtt: {
      canSubscribe: { allowed: true, reason: 'SELECT_TOPIC on "sensors/temp"' },
      receivesValues: { allowed: true, reason: 'READ_TOPIC on "sensors/temp"' },
      canPublish: { allowed: false, reason: 'no UPDATE_TOPIC on "sensors/temp"' },
      canCreate: { allowed: false, reason: 'no MODIFY_TOPIC on "sensors/temp"' },
    },
    matchingTopics: [],
    matchingTopicCount: 0,
    ...overrides,
  };
}

/** The lines of a change review (change-review.tsx) shown in `dialog`. */
export const reviewLines = (dialog: ReturnType<typeof within>) =>
  within(dialog.getByTestId('change-review'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
