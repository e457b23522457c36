import { routes } from '@herald/contract/api/routes';
import type { User } from '@herald/contract/users/user.schema';
import { vi } from 'vitest';
import { seedPageAnswers } from '../app/page-answers';
import { appRoutes } from '../app/router';
// The root route's themed chunk (app/root-route.tsx) loads on demand in the app; loaded with the test file here, as
// the routes' other static parts are, so a test's first render does not wait for its modules to be transformed.
import '../app/themed-root';
import { apiErrorResponse, handle, mockApi, type MockHandler } from './api-mock';
import { buildWorkspace } from './factories';
import { createTestQueryClient, renderRoutes } from './render';

/**
 * The server's idea of who is signed in, for GET /v3/user: a user (200), nobody (401) or an
 * identity without user details (404, the first single sign-on login). Tests change it as the
 * server would, e.g. on login.
 */
export function createSession(initial: User | null | 'profile-missing' = null) {
  let current = initial;
  return {
    handler: handle(routes.getUser, () => {
      if (current === null) return apiErrorResponse(401, 'Not signed in', { code: 'UNAUTHORIZED' });
      if (current === 'profile-missing') {
        return apiErrorResponse(404, 'User details not found', { code: 'NOT_FOUND' });
      }
      return { status: 200, body: current };
    }),
    set(next: User | null | 'profile-missing') {
      current = next;
    },
  };
}

/** Unless a test answers GET /v3/workspaces itself: one workspace, ws-1, owned by Ada. */
const defaultWorkspaces = handle(routes.listWorkspaces, () => ({
  status: 200,
  body: [buildWorkspace()],
}));

/**
 * Renders the whole app (gate, layouts, lazy pages) at `path` against typed API handlers (the
 * first matching handler wins; GET /v3/workspaces has a default). Toasts render as in the app
 * (assert their text); query retries are off.
 */
export function renderApp(path: string, ...handlers: MockHandler[]) {
  const api = mockApi(...handlers, defaultWorkspaces);
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = createTestQueryClient({});
  // As the app starts (main.tsx): the answers a test put in the page as the server would, if any.
  seedPageAnswers(queryClient);
  const rendered = renderRoutes(appRoutes, path, queryClient);
  return { ...rendered, api, queryClient };
}
