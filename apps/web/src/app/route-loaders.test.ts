import { routes } from '@herald/contract/api/routes';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORKSPACE_KEY } from '../features/workspaces/utils/default-workspace';
import { REMEMBERED_PATH_STORAGE_KEY } from '../lib/browser/remembered-path';
import { provideRouteQueryClient } from '../lib/queries/route-prefetch';
import { handle, mockApi } from '../testing/api-mock';
import { buildService, buildUser, buildWorkspace } from '../testing/factories';
import { createSession } from '../testing/render-app';
import { createTestQueryClient } from '../testing/render';
import {
  rootLoader,
  serviceLoader,
  signedInLandingPrefetch,
  topicsLoader,
  workspaceLoader,
} from './route-loaders';

const workspaceArgs = { params: { workspaceId: 'w1' } } as unknown as LoaderFunctionArgs;
const serviceArgs = { params: { serviceId: 's1' } } as unknown as LoaderFunctionArgs;

/**
 * The API as the loaders see it; the workspaces list never answers, so a call made only after it (a waterfall) would
 * never be sent.
 */
function stalledApi(user: ReturnType<typeof buildUser> | null) {
  const session = createSession(user);
  const api = mockApi(
    session.handler,
    handle(routes.listWorkspaces, () => new Promise<never>(() => {})),
    handle(routes.listWorkspaceServices, () => ({ status: 200, body: [buildService()] })),
    handle(routes.getService, () => ({ status: 200, body: buildService({ serviceId: 's1' }) })),
  );
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route loaders (parallel prefetch)', () => {
  it('ask for the user on every page, and on the login page for the other ways to log in too', async () => {
    const api = mockApi(
      createSession(null).handler,
      handle(routes.listConnections, () => ({ status: 200, body: { connections: [] } })),
    );
    vi.stubGlobal('fetch', api.fetch);
    provideRouteQueryClient(createTestQueryClient());
    const at = (path: string) =>
      ({
        params: {},
        request: new Request(`http://localhost${path}`),
      }) as unknown as LoaderFunctionArgs;
    expect(rootLoader(at('/'))).toBeNull();
    await vi.waitFor(() => {
      expect(api.requestsTo(routes.getUser)).toHaveLength(1);
      expect(api.requestsTo(routes.listConnections)).toHaveLength(1);
    });
    provideRouteQueryClient(createTestQueryClient());
    rootLoader(at('/signup'));
    await vi.waitFor(() => expect(api.requestsTo(routes.getUser)).toHaveLength(2));
    expect(api.requestsTo(routes.listConnections)).toHaveLength(1);
  });

  it('return at once, so navigation never waits for data', async () => {
    const api = stalledApi(buildUser());
    provideRouteQueryClient(createTestQueryClient());
    expect(workspaceLoader(workspaceArgs)).toBeNull();
    expect(serviceLoader(serviceArgs)).toBeNull();
    // The background work goes on (and ends here, before the next test's API).
    await vi.waitFor(() => expect(api.requestsTo(routes.getService)).toHaveLength(1));
  });

  it("ask for the workspace's services without waiting for the workspaces, once the user is in", async () => {
    const api = stalledApi(buildUser());
    const client = createTestQueryClient();
    provideRouteQueryClient(client);
    workspaceLoader(workspaceArgs);
    await vi.waitFor(() => {
      expect(api.requestsTo(routes.listWorkspaces)).toHaveLength(1);
      expect(api.requestsTo(routes.listWorkspaceServices)).toHaveLength(1);
    });
    expect(api.requestsTo(routes.getUser)).toHaveLength(1);
  });

  it('ask for the service and the workspaces of a service page', async () => {
    const api = stalledApi(buildUser());
    provideRouteQueryClient(createTestQueryClient());
    serviceLoader(serviceArgs);
    await vi.waitFor(() => {
      expect(api.requestsTo(routes.getService)).toHaveLength(1);
      expect(api.requestsTo(routes.listWorkspaces).length).toBeGreaterThanOrEqual(1);
    });
  });

  it('ask for nothing of the user’s data when nobody is signed in', async () => {
    const api = stalledApi(null);
    provideRouteQueryClient(createTestQueryClient());
    workspaceLoader(workspaceArgs);
    serviceLoader(serviceArgs);
    await vi.waitFor(() => expect(api.requestsTo(routes.getUser).length).toBeGreaterThanOrEqual(1));
    // Give a prefetch that wrongly went on the time to send its calls.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo(routes.listWorkspaces)).toHaveLength(0);
    expect(api.requestsTo(routes.listWorkspaceServices)).toHaveLength(0);
    expect(api.requestsTo(routes.getService)).toHaveLength(0);
  });

  it('ask for every tree level down to a bookmarked topic, and the topic, at once', async () => {
    const api = stalledApi(buildUser());
    const stalled = mockApi(
      // The levels never answer: a level asked only after its parent's answer (a waterfall) would never be sent.
      handle(routes.getTopicTree, () => new Promise<never>(() => {})),
      handle(routes.getTopic, () => new Promise<never>(() => {})),
    );
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/topic') ? stalled.fetch(input, init) : api.fetch(input, init),
    );
    provideRouteQueryClient(createTestQueryClient());
    const args = {
      params: { serviceId: 's1', '*': 'plant/line 1/temperature' },
    } as unknown as LoaderFunctionArgs;
    expect(topicsLoader(args)).toBeNull();
    const query = (request: { url: string }, name: string) =>
      new URL(request.url, 'http://localhost').searchParams.get(name);
    await vi.waitFor(() => {
      expect(
        stalled.requestsTo(routes.getTopicTree).map((request) => query(request, 'parent')),
      ).toEqual(['', 'plant', 'plant/line 1']);
      expect(stalled.requestsTo(routes.getTopic).map((request) => query(request, 'path'))).toEqual([
        'plant/line 1/temperature',
      ]);
    });
  });
});

describe('the landing page after a login (signedInLandingPrefetch)', () => {
  const never = () => new Promise<never>(() => {});
  /** Every call stalls: a call made only after another's answer (a waterfall) would never be sent. */
  function stalledEverything(workspaces?: () => ReturnType<typeof buildWorkspace>[]) {
    const api = mockApi(
      handle(routes.listWorkspaces, () =>
        workspaces ? { status: 200, body: workspaces() } : never(),
      ),
      handle(routes.getMetadata, never),
      handle(routes.listWorkspaceServices, never),
      handle(routes.listWorkspaceServiceStatuses, never),
    );
    vi.stubGlobal('fetch', api.fetch);
    return api;
  }
  const servicesAsked = (api: ReturnType<typeof mockApi>) =>
    api.requestsTo(routes.listWorkspaceServices).map((request) => request.url);
  const statusesAsked = (api: ReturnType<typeof mockApi>) =>
    api.requestsTo(routes.listWorkspaceServiceStatuses).map((request) => request.url);

  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('asks nothing before the login has answered, then the workspaces, the catalogue and the last chosen workspace’s services and statuses together', async () => {
    localStorage.setItem(DEFAULT_WORKSPACE_KEY, 'ws-7');
    const api = stalledEverything();
    let answerLogin = () => {};
    const login = new Promise<void>((resolve) => (answerLogin = resolve));
    void signedInLandingPrefetch(createTestQueryClient(), login);
    // Give a prefetch that wrongly went ahead the time to send its calls.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toHaveLength(0);
    answerLogin();
    // None of them answers: each was sent without waiting for another.
    await vi.waitFor(() => {
      expect(api.requestsTo(routes.listWorkspaces)).toHaveLength(1);
      expect(api.requestsTo(routes.getMetadata)).toHaveLength(1);
      expect(servicesAsked(api)).toEqual(['/v3/workspace/ws-7/services']);
      expect(statusesAsked(api)).toEqual(['/v3/workspace/ws-7/services/status']);
    });
  });

  it('asks the services and statuses of the workspace /workspace picks as soon as the workspaces answer', async () => {
    const api = stalledEverything(() => [
      buildWorkspace({ workspace_id: 'ws-1', services: [buildService()] }),
      buildWorkspace({ workspace_id: 'ws-2' }),
    ]);
    void signedInLandingPrefetch(createTestQueryClient(), Promise.resolve());
    await vi.waitFor(() => {
      expect(servicesAsked(api)).toEqual(['/v3/workspace/ws-1/services']);
      expect(statusesAsked(api)).toEqual(['/v3/workspace/ws-1/services/status']);
    });
    expect(api.requestsTo(routes.getMetadata)).toHaveLength(1);
  });

  it('asks no statuses for a picked workspace without services (its page asks none)', async () => {
    const api = stalledEverything(() => [buildWorkspace({ workspace_id: 'ws-1', services: [] })]);
    void signedInLandingPrefetch(createTestQueryClient(), Promise.resolve());
    await vi.waitFor(() => expect(servicesAsked(api)).toEqual(['/v3/workspace/ws-1/services']));
    expect(statusesAsked(api)).toEqual([]);
  });

  it('lands where the remembered path says: that workspace’s services at once, or only the workspaces elsewhere', async () => {
    sessionStorage.setItem(REMEMBERED_PATH_STORAGE_KEY, '/workspace/ws-9?tab=all');
    localStorage.setItem(DEFAULT_WORKSPACE_KEY, 'ws-7');
    const api = stalledEverything();
    void signedInLandingPrefetch(createTestQueryClient(), Promise.resolve());
    await vi.waitFor(() => {
      expect(servicesAsked(api)).toEqual(['/v3/workspace/ws-9/services']);
      expect(api.requestsTo(routes.getMetadata)).toHaveLength(1);
    });

    sessionStorage.setItem(REMEMBERED_PATH_STORAGE_KEY, '/service/s1/topics');
    const elsewhere = stalledEverything();
    void signedInLandingPrefetch(createTestQueryClient(), Promise.resolve());
    await vi.waitFor(() => expect(elsewhere.requestsTo(routes.listWorkspaces)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(servicesAsked(elsewhere)).toEqual([]);
    expect(elsewhere.requestsTo(routes.getMetadata)).toHaveLength(0);
  });
});
