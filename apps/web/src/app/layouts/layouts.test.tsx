import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, mockApi } from '../../testing/api-mock';
import { buildUser, buildWorkspace } from '../../testing/factories';
import { renderRoutes } from '../../testing/render';
import { appRoutes } from '../router';

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function signedInAs(user = buildUser()) {
  const api = mockApi(
    handle(routes.getUser, () => ({ status: 200, body: user })),
    handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [buildWorkspace({ workspace_id: 'w1' })],
    })),
  );
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

describe.each([
  { layout: 'default', path: '/workspace/w1' },
  { layout: 'service', path: '/service/s1' },
])('the $layout layout (spec section 6: only with a loaded user)', ({ path }) => {
  it('sends a visitor without a user to / (login)', async () => {
    vi.stubGlobal(
      'fetch',
      mockApi(handle(routes.getUser, () => apiErrorResponse(401, 'Not signed in'))).fetch,
    );
    const { router } = renderRoutes(appRoutes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a loader while the user loads, and no page', async () => {
    vi.stubGlobal(
      'fetch',
      mockApi(handle(routes.getUser, () => new Promise<never>(() => {}))).fetch,
    );
    const { router } = renderRoutes(appRoutes, path);
    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('renders the top bar and main landmarks for a user', async () => {
    signedInAs();
    renderRoutes(appRoutes, path);
    const banner = await screen.findByRole('banner');
    // The brand links to the current (or default) workspace.
    await waitFor(() =>
      expect(within(banner).getByRole('link', { name: 'Herald Cloud' })).toHaveAttribute(
        'href',
        '/workspace/w1',
      ),
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('the account menu of the top bar (spec section 2)', () => {
  it("shows the initials, 'Logged in as {name} ({email})', Profile and Sign Out", async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, '/workspace');
    const avatar = await screen.findByRole('button', {
      name: 'Logged in as Ada Lovelace (ada@example.com)',
    });
    expect(avatar).toHaveTextContent('AL');

    await userEvent.click(avatar);
    const profile = await screen.findByRole('menuitem', { name: 'Profile' });
    expect(profile).toHaveAttribute('href', '/profile');
    await userEvent.click(profile);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');

    await userEvent.click(screen.getByRole('button', { name: /Logged in as/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo(routes.logout)).toHaveLength(1);
    // Signing out does not remember the page for the next login.
    expect(sessionStorage.length).toBe(0);
  });
});

describe('the root', () => {
  it('holds the consent banner container', async () => {
    vi.stubGlobal(
      'fetch',
      mockApi(handle(routes.getUser, () => apiErrorResponse(401, 'Not signed in'))).fetch,
    );
    renderRoutes(appRoutes, '/');
    await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' });
    expect(document.getElementById('consent-banner')).toBeInTheDocument();
  });
});
