import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORKSPACE_KEY } from '../features/workspaces/utils/default-workspace';
import { provideRouteQueryClient } from '../lib/queries/route-prefetch';
import { provideSignInPrefetch } from '../lib/queries/sign-in-prefetch';
import { apiErrorResponse, handle } from '../testing/api-mock';
import { renderApp } from '../testing/render-app';
import { signedInLandingPrefetch } from './route-loaders';

const never = () => new Promise<never>(() => {});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/**
 * Issue 25, item 23: with 3 s of latency, login to a usable services list took four or five round trips one after the
 * other (login, user, workspaces, services, statuses). After the login's answer the user and the landing page's calls
 * are asked together (AppRouter provides the prefetch as here; docs/decisions/041).
 */
describe('a login press (the landing page’s calls)', { timeout: 15_000 }, () => {
  it('asks the user, the workspaces, the catalogue and the last chosen workspace’s services and statuses together', async () => {
    localStorage.setItem(DEFAULT_WORKSPACE_KEY, 'ws-1');
    let userCalls = 0;
    // Nobody is signed in on the page's first ask; after the login the user's answer never comes, so every call
    // below was sent before it (and before one another's: none of them answers either).
    const user = handle(routes.getUser, () => {
      userCalls += 1;
      return userCalls === 1
        ? apiErrorResponse(401, 'Not signed in', { code: 'UNAUTHORIZED' })
        : never();
    });
    const { api, queryClient } = renderApp(
      '/',
      user,
      handle(routes.login, () => ({
        status: 200,
        body: { accessToken: 'jwt', expiresAt: 1_900_000_000_000 },
      })),
      handle(routes.listConnections, () => ({ status: 200, body: { connections: [] } })),
      handle(routes.listWorkspaces, never),
      handle(routes.getMetadata, never),
      handle(routes.listWorkspaceServices, never),
      handle(routes.listWorkspaceServiceStatuses, never),
    );
    provideRouteQueryClient(queryClient);
    provideSignInPrefetch(signedInLandingPrefetch);
    await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' });
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await vi.waitFor(() => {
      expect(api.requestsTo(routes.getUser)).toHaveLength(2);
      expect(api.requestsTo(routes.listWorkspaces)).toHaveLength(1);
      expect(api.requestsTo(routes.getMetadata)).toHaveLength(1);
      expect(api.requestsTo(routes.listWorkspaceServices).map((request) => request.url)).toEqual([
        '/v3/workspace/ws-1/services',
      ]);
      expect(api.requestsTo(routes.listWorkspaceServiceStatuses)).toHaveLength(1);
    });
    // Still logging in: the gate routes on the user's answer, as before.
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to Herald Cloud' })).toBeVisible();
  });
});
