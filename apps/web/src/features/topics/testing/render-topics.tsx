import { routes } from '@herald/contract/api/routes';
import type { Role } from '@herald/contract/members/permissions';
import type { Service, ServiceStatusResponse } from '@herald/contract/services/service.schema';
import { handle, type MockHandler } from '../../../testing/api-mock';
import { buildService, buildUser, buildWorkspace } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

export interface RenderTopicsOptions {
  service?: Service;
  /** Ada's roles in ws-1, the service's workspace. */
  roles?: Role[];
  /** What GET …/status answers; the service's own status by default. */
  status?: ServiceStatusResponse['status'];
  handlers?: MockHandler[];
}

/** Renders the whole app at a topics path inside the service layout, signed in as Ada. */
export function renderTopics(path: string, options: RenderTopicsOptions = {}) {
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
