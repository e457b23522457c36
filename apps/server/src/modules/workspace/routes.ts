import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../plugins/auth';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { HttpError } from '../../lib/http-error';
import { WORKSPACE_NOT_FOUND_MESSAGE, registerRoute } from '../../plugins/route-registry';
import { catalogueOf } from '../service/catalogue';
import { statusOf, toService } from '../service/service.mapper';
import { streamServiceStatuses } from './status-stream';
import { listLiveServicesOfWorkspace } from './services-list.repository';
import { findWorkspace } from './workspace.repository';
import { actorOf, createWorkspaceTx } from './workspace.service';
import { cachedServiceStatuses, cachedUserWorkspaces } from './user-workspaces-cache';

/** /v3/workspaces and /v3/workspace (spec section 7 "Workspace"). */
export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.listWorkspaces, async (request) => {
    const { userId } = requireSession(request);
    return cachedUserWorkspaces(app.db, userId, {
      expandServices: request.query.expandServices === true,
      config: app.config,
    });
  });

  registerRoute(app, routes.createWorkspace, async (request, reply) => {
    const actor = await actorOf(app, request);
    const row = await app.db.transaction((tx) =>
      createWorkspaceTx(tx, {
        name: request.body.name,
        companyName: null,
        actor,
        now: app.clock(),
      }),
    );
    reply.code(201);
    return { workspace_id: row.id };
  });

  registerRoute(app, routes.listWorkspaceServices, async (request) => {
    const rows = await listLiveServicesOfWorkspace(app.db, request.params.workspaceId);
    return rows.map((row) => toService(row, app.config));
  });

  registerRoute(app, routes.listWorkspaceServiceStatuses, async (request) => {
    const rows = await cachedServiceStatuses(app.db, request.params.workspaceId);
    return rows.map((row) => ({
      serviceId: row.serviceId,
      servicename: row.servicename,
      status: statusOf(row.status),
    }));
  });

  registerRoute(app, routes.streamWorkspaceServiceStatuses, (request, reply) =>
    streamServiceStatuses(app, request, reply),
  );

  registerRoute(app, routes.getWorkspaceCredit, async (request) => {
    const row = await findWorkspace(app.db, request.params.workspaceId);
    if (!row) throw new HttpError(404, ERROR_CODES.notFound, WORKSPACE_NOT_FOUND_MESSAGE);
    return { amount: row.creditCents, currency: row.creditCurrency };
  });

  registerRoute(app, routes.getMetadata, async () => catalogueOf(app).metadata);
}
