import { routes } from '@herald/contract/api/routes';
import type { Role as WorkspaceRole } from '@herald/contract/members/permissions';
import type { SecurityStore } from '@herald/contract/security/security.schema';
import { handle, type MockHandler } from '../../../testing/api-mock';
import {
  renderServicePage,
  type RenderServicePageOptions,
} from '../../../testing/render-service-page';
import {
  buildAuthenticationStore,
  buildRole,
  buildSecurityStore,
  securityHandlers,
} from './authentication-factories';

/** A service with one custom role, `SENSORS`, held by the principal `meter-1` and included by `FLOOR`. */
export function rolesFixture(): SecurityStore {
  return buildSecurityStore({
    roles: [
      ...buildSecurityStore().roles,
      buildRole({
        name: 'SENSORS',
        description: 'Reads the sensors',
        pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC'] },
      }),
      buildRole({ name: 'FLOOR', includedRoles: ['SENSORS'] }),
    ],
    rolesForNamedSessions: ['SENSORS'],
  });
}

export interface RenderRolesOptions {
  security?: SecurityStore;
  roles?: WorkspaceRole[];
  status?: RenderServicePageOptions['status'];
  service?: RenderServicePageOptions['service'];
  handlers?: MockHandler[];
}

/**
 * The whole app at a Roles path, signed in as Ada (Owner unless `roles` says otherwise), with GET …/security and
 * …/authentication answered from a state the test can change, and the writes answered as the runtime would.
 */
export function renderRoles(path: string, options: RenderRolesOptions = {}) {
  const state = {
    security: options.security ?? rolesFixture(),
    authentication: buildAuthenticationStore({
      principals: [
        { name: 'admin', roles: ['ADMINISTRATOR'], lockingPrincipal: null },
        { name: 'meter-1', roles: ['SENSORS'], lockingPrincipal: null },
      ],
    }),
  };
  const rendered = renderServicePage(path, {
    roles: options.roles ?? ['Owner'],
    status: options.status,
    service: options.service,
    handlers: [
      ...(options.handlers ?? []),
      handle(routes.putRole, (request) => {
        const name = decodeURIComponent(
          new URL(request.url, 'http://localhost').pathname.split('/').at(-1)!,
        );
        const body = request.json as Omit<Parameters<typeof buildRole>[0], 'name'>;
        const created = !state.security.roles.some((role) => role.name === name);
        const role = buildRole({ ...body, name });
        state.security = {
          ...state.security,
          roles: [...state.security.roles.filter((existing) => existing.name !== name), role],
        };
        return { status: 200, body: { role, created, disconnected: 0 } };
      }),
      handle(routes.deleteRole, () => ({
        status: 200,
        body: { removed: 'SENSORS', principalsChanged: ['meter-1'], rolesChanged: ['FLOOR'] },
      })),
      handle(routes.putDefaultRoles, () => ({ status: 200, body: { disconnected: 0 } })),
      handle(routes.putIsolatedPaths, () => ({ status: 200, body: { disconnected: 3 } })),
      ...securityHandlers(state),
    ],
  });
  return { ...rendered, state };
}
