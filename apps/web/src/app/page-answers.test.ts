import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../features/auth/api/keys';
import { SIGNED_OUT } from '../features/auth/api/user-query';
import { workspaceKeys } from '../features/workspaces/api/keys';
import { serviceKeys } from '../lib/queries/service-queries';
import { createQueryClient } from '../lib/queries/query-client';
import { seededFlag, seedFlags } from '../lib/flags/flag-seed';
import { seedPageAnswers } from './page-answers';

const idleWork = vi.hoisted((): (() => void)[] => []);
vi.mock('../lib/browser/when-idle', () => ({
  whenIdle: (work: () => void) => {
    idleWork.push(work);
    return () => undefined;
  },
}));

function pageWith(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'page-answers';
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById('page-answers')?.remove();
  seedFlags({});
});

describe('the answers the server sent with the page', () => {
  it("seed the user's flags, which the app reads until its own client has evaluated (issue 25, item 14)", () => {
    pageWith(
      JSON.stringify({
        answers: [
          {
            id: 'evaluateFlags',
            method: 'POST',
            url: '/ofrep/v1/evaluate/flags',
            params: {},
            status: 200,
            body: {
              flags: [
                { key: 'dashboard.evaluation', value: true },
                { key: 'dashboard.tours', value: false },
              ],
            },
          },
        ],
      }),
    );
    seedPageAnswers(new QueryClient());
    expect(seededFlag('dashboard.evaluation')).toBe(true);
    expect(seededFlag('dashboard.tours')).toBe(false);
    expect(seededFlag('debug.logs')).toBe(false);
  });

  it('go where each call’s query keeps its answer, and the element is read once', () => {
    const user = { customerid: 'u1', firstName: 'Grace' };
    pageWith(
      JSON.stringify({
        answers: [
          { id: 'getUser', url: '/v3/user', params: {}, status: 200, body: user },
          { id: 'listWorkspaces', url: '/v3/workspaces', params: {}, status: 200, body: [] },
          {
            id: 'listWorkspaceServices',
            url: '/v3/workspace/w1/services',
            params: { workspaceId: 'w1' },
            status: 200,
            body: [{ serviceId: 's1' }],
          },
          {
            id: 'listWorkspaceServiceStatuses',
            url: '/v3/workspace/w1/services/status',
            params: { workspaceId: 'w1' },
            status: 404,
          },
          { id: 'listConnections', url: '/', params: {}, status: 200, body: { connections: [] } },
        ],
      }),
    );
    const client = new QueryClient();
    seedPageAnswers(client);
    expect(client.getQueryData(authKeys.currentUser())).toEqual({ user, isProfileMissing: false });
    expect(client.getQueryData(workspaceKeys.list())).toEqual([]);
    expect(client.getQueryData(serviceKeys.ofWorkspace('w1'))).toEqual([{ serviceId: 's1' }]);
    // A failed call is left to the app, which asks again and shows that answer.
    expect(client.getQueryState(serviceKeys.statusesOfWorkspace('w1'))).toBeUndefined();
    expect(client.getQueryData(authKeys.connections())).toEqual([]);
    expect(document.getElementById('page-answers')).toBeNull();
  });

  it('read 401 as nobody signed in and 404 as a missing profile, as the user query does', () => {
    for (const [status, session] of [
      [401, SIGNED_OUT],
      [404, { user: null, isProfileMissing: true }],
    ] as const) {
      pageWith(
        JSON.stringify({ answers: [{ id: 'getUser', url: '/v3/user', params: {}, status }] }),
      );
      const client = new QueryClient();
      seedPageAnswers(client);
      expect(client.getQueryData(authKeys.currentUser())).toEqual(session);
    }
  });

  it('keep the user fresh for the first render and ask it again (for its token) once the page is idle', () => {
    idleWork.length = 0;
    pageWith(
      JSON.stringify({
        answers: [
          { id: 'getUser', url: '/v3/user', params: {}, status: 200, body: { customerid: 'u1' } },
        ],
      }),
    );
    const client = createQueryClient();
    seedPageAnswers(client);
    // Fresh: the root loader's prefetch asks nothing (no API client or schemas before the first render).
    expect(client.getQueryState(authKeys.currentUser())?.isInvalidated).toBe(false);
    expect(client.getQueryState(authKeys.currentUser())?.dataUpdatedAt).toBeGreaterThan(0);
    expect(idleWork).toHaveLength(1);
    idleWork[0]!();
    expect(client.getQueryState(authKeys.currentUser())?.isInvalidated).toBe(true);
  });

  it('leave everything to the app when there are none or they cannot be read', () => {
    const client = new QueryClient();
    seedPageAnswers(client);
    pageWith('{not json');
    seedPageAnswers(client);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
