import { GENERAL_MESSAGES } from '@herald/contract/messages';
import { routes } from '@herald/contract/api/routes';
import { OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REMEMBERED_PATH_STORAGE_KEY } from '../../../lib/browser/remembered-path';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

const logout = handle(routes.logout, () => ({ status: 204, body: undefined }));

describe('the current user (GET /v3/user)', () => {
  it('asks with the auth cookie and no token of its own', async () => {
    const { api } = renderApp('/workspace', createSession(buildUser()).handler);
    await screen.findByRole('heading', { level: 1, name: 'Services' });
    expect(api.requestsTo(routes.getUser)[0]).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    // Nothing of the session is stored: only the default workspace is remembered.
    expect(localStorage.length).toBe(1);
    expect(localStorage.key(0)).toBe('herald-default-workspace');
  });

  it('reads a 401 as logged out: the login page, no error and no logout call', async () => {
    const { api } = renderApp('/', createSession(null).handler, logout);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/An error was encountered/)).not.toBeInTheDocument();
    expect(api.requestsTo(routes.logout)).toHaveLength(0);
  });

  it('ignores a 404 (user details not found): the SSO sign-up completes the account', async () => {
    const { router, api } = renderApp('/', createSession('profile-missing').handler, logout);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/callback');
    expect(screen.queryByText(/An error was encountered/)).not.toBeInTheDocument();
    expect(api.requestsTo(routes.logout)).toHaveLength(0);
  });

  it('resets auth and shows the error when the fetch fails otherwise', async () => {
    sessionStorage.setItem(REMEMBERED_PATH_STORAGE_KEY, '/profile');
    const failing = handle(routes.getUser, () =>
      apiErrorResponse(500, 'An internal error occurred. Please try again later.'),
    );
    const { router, api } = renderApp('/workspace', failing, logout);

    expect(
      await screen.findByText('An error was encountered in fetching the user'),
    ).toBeInTheDocument();
    // Spec section 8: the user text, not the technical message.
    expect(screen.getByText(GENERAL_MESSAGES.apiCallFailure)).toBeInTheDocument();
    expect(screen.queryByText(/failed with status/)).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo(routes.logout)).toHaveLength(1);
    expect(sessionStorage.getItem(REMEMBERED_PATH_STORAGE_KEY)).toBeNull();
    // The reset is final: the failing fetch is not repeated in a loop.
    expect(api.requestsTo(routes.getUser)).toHaveLength(1);
  });

  it("evaluates feature flags for the user's customer id once the user loads", async () => {
    const setContext = vi.spyOn(OpenFeature, 'setContext');
    renderApp('/workspace', createSession(buildUser({ customerid: 'cus_42' })).handler);
    await screen.findByRole('heading', { level: 1, name: 'Services' });
    await waitFor(() => expect(setContext).toHaveBeenCalledWith({ targetingKey: 'cus_42' }));
  });
});
