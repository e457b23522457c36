import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../plugins/auth';
import { registerRoute } from '../../plugins/route-registry';
import { actorOf, createWorkspaceTx, listUserWorkspaces } from './workspace.service';

/** /v3/workspaces and /v3/workspace (spec section 7 "Workspace"). */
export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.listWorkspaces, async (request) => {
    const { userId } = requireSession(request);
    // expandServices is accepted; services are [] until services exist.
    return listUserWorkspaces(app.db, userId);
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
}
