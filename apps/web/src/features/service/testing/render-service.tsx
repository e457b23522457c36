import { routes } from '@herald/contract/api/routes';
import type { FeatureFlag } from '@herald/contract/flags/flags';
import type { Role } from '@herald/contract/members/permissions';
import type { Service, ServiceStatusResponse } from '@herald/contract/services/service.schema';
import { InMemoryProvider, OpenFeature } from '@openfeature/react-sdk';
import { handle, type MockHandler } from '../../../testing/api-mock';
import { buildUser, buildWorkspace, buildService } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

export interface RenderServiceOptions {
  service?: Service;
  /** Ada's roles in ws-1, the service's workspace. */
  roles?: Role[];
  /** What GET …/status answers; the service's own status by default. */
  status?: ServiceStatusResponse['status'];
  handlers?: MockHandler[];
}

/** Turns feature flags on for the next render (the others stay off). */
export async function turnOnFlags(...flags: FeatureFlag[]) {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider(
      Object.fromEntries(
        flags.map((flag) => [
          flag,
          { variants: { on: true, off: false }, defaultVariant: 'on', disabled: false },
        ]),
      ),
    ),
  );
}

/** Renders the whole app at a service path, signed in as Ada, with the service's calls answered. */
export function renderService(path: string, options: RenderServiceOptions = {}) {
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
    handle(routes.getLiveMetrics, () => ({
      status: 200,
      body: { sessions: 3, topics: 12, topicsCapacity: 1000 },
    })),
    handle(routes.getMetadata, () => ({
      status: 200,
      body: {
        tiers: [],
        heraldVersions: [{ tag: '6.9.2' }, { tag: '6.10.0' }, { tag: '6.11.1' }],
        adapterVersions: [],
        latestHeraldVersion: '6.11.1',
        regions: ['eu-west-1.aws'],
      },
    })),
  );
}
