import { routes } from '@herald/contract/api/routes';
import type { Role } from '@herald/contract/members/permissions';
import type { Service, ServiceStatusResponse } from '@herald/contract/services/service.schema';
import { handle, type MockHandler } from './api-mock';
import { buildService, buildUser, buildWorkspace } from './factories';
import { createSession, renderApp } from './render-app';

export interface RenderServicePageOptions {
  service?: Service;
  /** Ada's roles in ws-1, the service's workspace. */
  roles?: Role[];
  /** What GET …/status answers; the service's own status by default. */
  status?: ServiceStatusResponse['status'];
  /** Answered first: they win over the layout's calls below. */
  handlers?: MockHandler[];
}

/**
 * Renders the whole app at a service path inside the service layout, signed in as Ada, with the layout's calls
 * answered: the session, the workspaces (Ada's roles), the service and its status.
 */
export function renderServicePage(path: string, options: RenderServicePageOptions = {}) {
  const service = options.service ?? buildService();
  const roles = options.roles ?? ['Owner'];
  return renderApp(
    path,
    ...(options.handlers ?? []),
    createSession(buildUser()).handler,
    handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [
        buildWorkspace({ users: [{ customerid: 'cus_ada', email: 'ada@example.com', roles }] }),
      ],
    })),
    handle(routes.getService, () => ({ status: 200, body: service })),
    handle(routes.getServiceStatus, () => ({
      status: 200,
      body: { serviceId: service.serviceId, status: options.status ?? service.status },
    })),
  );
}
