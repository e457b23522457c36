import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import type { Role } from '@herald/contract/members/permissions';
import type { Service } from '@herald/contract/services/service.schema';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { handle, type MockHandler } from '../../../testing/api-mock';
import { buildUser, buildWorkspace } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';
import { buildMetadata } from './fixtures';

const PATH = '/workspace/ws-1';

/** The first render loads the gate, layouts and the lazy page: slow on busy shared cores. */
const FIRST_RENDER_TIMEOUT_MS = 10_000;

/**
 * The whole app at the services page of ws-1 for Ada with `role`, listing `services`; the
 * catalogue of buildMetadata. A test's own handlers come first and win. Resolves once the
 * page's heading is shown.
 */
export async function renderServices(
  {
    role = 'Owner',
    services = [],
    workspace = {},
  }: { role?: Role; services?: Service[]; workspace?: Partial<Workspace> },
  ...handlers: MockHandler[]
) {
  const rendered = renderApp(
    PATH,
    ...handlers,
    createSession(buildUser()).handler,
    handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [
        buildWorkspace({
          users: [{ customerid: 'cus_ada', email: 'ada@example.com', roles: [role] }],
          ...workspace,
        }),
      ],
    })),
    handle(routes.listWorkspaceServices, () => ({ status: 200, body: services })),
    handle(routes.listWorkspaceServiceStatuses, () => ({
      status: 200,
      body: services.map(({ serviceId, serviceName, status }) => ({
        serviceId,
        servicename: serviceName,
        status,
      })),
    })),
    handle(routes.getMetadata, () => ({ status: 200, body: buildMetadata() })),
  );
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Services' },
    { timeout: FIRST_RENDER_TIMEOUT_MS },
  );
  return rendered;
}
