import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../plugins/route-registry';
import {
  deletePrincipal,
  deleteRole,
  explainAccess,
  getAuthentication,
  getSecurity,
  putAnonymousAction,
  putDefaultRoles,
  putIsolatedPaths,
  putPrincipal,
  putPrincipalPassword,
  putRole,
  putTrustedProperties,
} from './security.service';

/**
 * /v3/service/{serviceId}/security… and /authentication… (docs/decisions/021): forwarded to the service's runtime as
 * the member. The route registry has already checked membership (404) and, for writes, configure-service-console
 * (403).
 */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.getSecurity, (request) => getSecurity(app, request));
  registerRoute(app, routes.putRole, (request) =>
    putRole(app, request, request.params.roleName, request.body),
  );
  registerRoute(app, routes.deleteRole, (request) =>
    deleteRole(app, request, request.params.roleName),
  );
  registerRoute(app, routes.putDefaultRoles, (request) =>
    putDefaultRoles(app, request, request.body),
  );
  registerRoute(app, routes.putIsolatedPaths, (request) =>
    putIsolatedPaths(app, request, request.body),
  );
  registerRoute(app, routes.explainAccess, (request) => explainAccess(app, request, request.query));
  registerRoute(app, routes.getAuthentication, (request) => getAuthentication(app, request));
  registerRoute(app, routes.putPrincipal, (request) =>
    putPrincipal(app, request, request.params.principalName, request.body),
  );
  registerRoute(app, routes.putPrincipalPassword, (request) =>
    putPrincipalPassword(app, request, request.params.principalName, request.body),
  );
  registerRoute(app, routes.deletePrincipal, (request) =>
    deletePrincipal(app, request, request.params.principalName),
  );
  registerRoute(app, routes.putAnonymousAction, (request) =>
    putAnonymousAction(app, request, request.body),
  );
  registerRoute(app, routes.putTrustedProperties, (request) =>
    putTrustedProperties(app, request, request.body),
  );
}
