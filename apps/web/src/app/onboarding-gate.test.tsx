import { routes } from '@herald/contract/api/routes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_PATH_STORAGE_KEY } from '../lib/browser/remembered-path';
import { handle } from '../testing/api-mock';
import {
  buildPendingInvite,
  buildUser,
  incompleteUser,
  unverifiedUser,
} from '../testing/factories';
import { createSession, renderApp } from '../testing/render-app';

const noInvites = handle(routes.listPendingInvites, () => ({ status: 200, body: [] }));

describe('the onboarding gate (spec section 4)', () => {
  it('sends a visitor to / and remembers the wanted path with its search', async () => {
    const { router } = renderApp('/workspace/w1?tab=members', createSession(null).handler);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem(REMEMBERED_PATH_STORAGE_KEY)).toBe('/workspace/w1?tab=members');
  });

  it('renders no page while the user loads', async () => {
    const pending = handle(routes.getUser, () => new Promise<never>(() => {}));
    const { router } = renderApp('/profile', pending);
    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('sends a user without a verified e-mail to /onboarding/verify-email', async () => {
    const { router } = renderApp('/workspace', createSession(unverifiedUser()).handler);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your inbox' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/verify-email');
  });

  it('sends a verified user with incomplete details and no invites to /onboarding/details', async () => {
    const { router, api } = renderApp(
      '/workspace',
      createSession(incompleteUser()).handler,
      noInvites,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/details');
    expect(api.requestsTo(routes.listPendingInvites)).toHaveLength(1);
  });

  it('lets a verified user with incomplete details and pending invites consider them', async () => {
    const invites = handle(routes.listPendingInvites, () => ({
      status: 200,
      body: [buildPendingInvite()],
    }));
    const { router } = renderApp(
      '/onboarding/consider-invite',
      createSession(incompleteUser()).handler,
      invites,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have been invited' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/consider-invite');
  });

  it('sends a completed user away from the login page to /workspace', async () => {
    const { router, api } = renderApp('/', createSession(buildUser()).handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    // /workspace opens the default workspace.
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
    // The gate does not ask for a completed user's invites; only the frame's invite notice does.
    expect(api.requestsTo(routes.listPendingInvites)).toHaveLength(1);
  });

  it('brings the visitor back to the remembered page after logging in', async () => {
    const session = createSession(null);
    const login = handle(routes.login, () => {
      session.set(buildUser());
      return { status: 200, body: { accessToken: 't', expiresAt: Date.now() + 60_000 } };
    });
    const { router } = renderApp('/profile', session.handler, login);
    await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' });
    expect(sessionStorage.getItem(REMEMBERED_PATH_STORAGE_KEY)).toBe('/profile');

    await userEvent.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    await waitFor(() => expect(sessionStorage.getItem(REMEMBERED_PATH_STORAGE_KEY)).toBeNull());
  });

  it('keeps the remembered page through e-mail verification', async () => {
    sessionStorage.setItem(REMEMBERED_PATH_STORAGE_KEY, '/profile');
    const { router } = renderApp('/', createSession(unverifiedUser()).handler);
    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
    expect(router.state.location.pathname).toBe('/onboarding/verify-email');
    expect(sessionStorage.getItem(REMEMBERED_PATH_STORAGE_KEY)).toBe('/profile');
  });

  it('shows the 404 page to a visitor without sending them to log in', async () => {
    const { router } = renderApp('/no/such/page', createSession(null).handler);
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(sessionStorage.getItem(REMEMBERED_PATH_STORAGE_KEY)).toBeNull();
  });
});
