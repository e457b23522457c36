import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { registerRoute } from '../../plugins/route-registry';
import { pingDatabase } from './health.repository';

/** Reported on health answers so an operator can tell which installation (and database) answered. */
export const INSTANCE_ID_HEADER = 'x-herald-instance-id';

export async function healthRoutes(
  app: FastifyInstance,
  options: { instanceId: string },
): Promise<void> {
  registerRoute(app, routes.getHealth, async (request, reply) => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database did not answer');
      throw new HttpError(503, ERROR_CODES.unavailable, 'Database unavailable');
    }
    reply.header(INSTANCE_ID_HEADER, options.instanceId);
    return { status: 'ok', database: 'ok' } as const;
  });
}
