import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { CONSOLE_SSO_PATH } from '@herald/contract/console/console.schema';
import { ADMIN_USER_ROLES } from '@herald/contract/console/admin-user-form';
import { isServiceMenuEnabled } from '@herald/contract/services/service-status-rules';
import type { FastifyInstance } from 'fastify';
import { signControlPlaneToken } from '../../adapters/provisioner/local-provisioner';
import { RuntimeCallError } from '../../adapters/provisioner/runtime-call-error';
import { putPrincipal } from '../../adapters/provisioner/runtime-client';
import { HttpError } from '../../lib/http-error';
import { requireSession } from '../../plugins/auth';
import { registerRoute, serviceOf } from '../../plugins/route-registry';
import { auditServiceAction } from '../service/service-audit';
import type { ServiceRow } from '../service/service.repository';
import { consoleUrlOf } from './console-access';
import { CONSOLE_MESSAGES } from './console-messages';
import { consoleTicketsOf } from './console-tickets';

/** A running service's runtime, or 409 (not running) / 503 (not registered on this server right now). */
function runtimeOf(app: FastifyInstance, row: ServiceRow) {
  if (!isServiceMenuEnabled(row.status)) {
    throw new HttpError(409, ERROR_CODES.conflict, CONSOLE_MESSAGES.notRunning(row.status));
  }
  const endpoint = app.provisioner.endpointOf(row.id);
  if (!endpoint) throw new HttpError(503, ERROR_CODES.unavailable, CONSOLE_MESSAGES.noAnswer);
  return endpoint;
}

/** The service console's control-plane calls (spec sections 5, 6; docs/decisions/020). */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  const tickets = consoleTicketsOf(app);

  // Any member: the ticket carries who they are, and the token the service host then sets carries their role.
  registerRoute(app, routes.createConsoleSsoTicket, async (request) => {
    const row = serviceOf(request);
    if (!row.useConsoleSso) throw new HttpError(409, ERROR_CODES.conflict, CONSOLE_MESSAGES.ssoOff);
    // The status only: the console page itself connects, so no runtime call is made here.
    if (!isServiceMenuEnabled(row.status)) {
      throw new HttpError(409, ERROR_CODES.conflict, CONSOLE_MESSAGES.notRunning(row.status));
    }
    const { userId } = requireSession(request);
    const consoleUrl = consoleUrlOf(app, row);
    const { ticket, expiresIn } = tickets.issue({ serviceId: row.id, customerId: userId });
    return { ssoUrl: new URL(CONSOLE_SSO_PATH, consoleUrl).href, consoleUrl, ticket, expiresIn };
  });

  registerRoute(app, routes.putAdminPrincipal, async (request) => {
    const row = serviceOf(request);
    const endpoint = runtimeOf(app, row);
    const { username, password } = request.body;
    let created: boolean;
    try {
      ({ created } = await putPrincipal(endpoint, await signControlPlaneToken(app.tokens, row), {
        name: username,
        password,
        roles: [...ADMIN_USER_ROLES],
      }));
    } catch (error) {
      // The runtime's 400 names the field (a name it refuses); anything else is the service not answering.
      if (error instanceof RuntimeCallError && error.status === 400 && error.runtimeMessage) {
        throw new HttpError(400, ERROR_CODES.validation, error.runtimeMessage);
      }
      request.log.warn({ err: error, serviceId: row.id }, 'Setting a console admin user failed');
      throw new HttpError(503, ERROR_CODES.unavailable, CONSOLE_MESSAGES.noAnswer);
    }
    await auditServiceAction(app, request, row, 'service.admin_principal_set', {
      username,
      created,
    });
    return { username, roles: [...ADMIN_USER_ROLES], consoleUrl: consoleUrlOf(app, row), created };
  });
}
