import { routes } from '@herald/contract/api/routes';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { buildUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';
import { AUTH_CHANNEL_NAME } from '../utils/auth-broadcast';
import { LOGIN_POPUP_MARKER_KEY } from '../utils/login-popup';

const connections = handle(routes.listConnections, () => ({
  status: 200,
  body: {
    connections: [
      { name: 'github', displayName: 'GitHub', kind: 'social' as const },
      { name: 'acme-okta', displayName: 'Acme Okta', kind: 'sso' as const },
    ],
  },
}));

async function openLoginPage(...handlers: MockHandler[]) {
  const app = renderApp('/', ...handlers);
  await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' });
  return app;
}

async function logIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/E-mail/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the login page (/)', () => {
  it('logs in with realm, e-mail and password, then the gate moves the user on', async () => {
    const session = createSession(null);
    const login = handle(routes.login, () => {
      session.set(buildUser());
      return { status: 200, body: { accessToken: 'jwt', expiresAt: 1_900_000_000_000 } };
    });
    const { api, router } = await openLoginPage(session.handler, login, connections);

    await logIn(' Ada@Example.com ', 'correct horse');

    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    // /workspace opens the default workspace.
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
    expect(api.requestsTo(routes.login).map((request) => request.json)).toEqual([
      {
        realm: 'Username-Password-Authentication',
        username: 'ada@example.com',
        password: 'correct horse',
      },
    ]);
    expect(api.requestsTo(routes.getUser)).toHaveLength(2);
  });

  it.each([
    { status: 401, message: 'Invalid e-mail or password' },
    { status: 500, message: 'An internal error occurred. Please try again later.' },
  ])('shows exactly the login failure text on a $status', async ({ status, message }) => {
    const login = handle(routes.login, () => apiErrorResponse(status, message));
    const { router } = await openLoginPage(createSession(null).handler, login, connections);

    await logIn('ada@example.com', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.loginFailed);
    expect(AUTH_MESSAGES.loginFailed).toBe('Login failed - please check your credentials.');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's wait on a throttled login (429), not the credentials text", async () => {
    const wait = 'Too many attempts. Try again in 12 minutes.';
    const login = handle(routes.login, () => apiErrorResponse(429, wait));
    await openLoginPage(createSession(null).handler, login, connections);

    await logIn('ada@example.com', 'correct horse');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(wait);
    expect(alert).not.toHaveTextContent(AUTH_MESSAGES.loginFailed);
  });

  it('checks the fields before sending anything', async () => {
    const { api } = await openLoginPage(createSession(null).handler, connections);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.requestsTo(routes.login)).toHaveLength(0);
  });

  it('links to sign-up and password reset', async () => {
    await openLoginPage(createSession(null).handler, connections);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('opens a social login in a 500×650 popup and refreshes the user when the popup reports back', async () => {
    const open = vi.fn(() => ({ focus: vi.fn() }) as unknown as Window);
    vi.stubGlobal('open', open);
    const session = createSession(null);
    const { router } = await openLoginPage(session.handler, connections);

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }));

    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(
      '/v3/auth/authorize/github?returnTo=%2Flogin%2Fcallback',
      'herald-login',
      expect.stringMatching(/^popup=yes,width=500,height=650,left=\d+,top=\d+$/),
    );
    expect(sessionStorage.getItem(LOGIN_POPUP_MARKER_KEY)).toBeNull();
    expect(screen.getByText('Finish logging in in the pop-up window.')).toBeInTheDocument();

    // The popup's /login/callback, another window of this origin, reports the login.
    session.set(buildUser());
    const popupSide = new BroadcastChannel(AUTH_CHANNEL_NAME);
    await act(async () => {
      popupSide.postMessage({ type: 'login' });
    });
    popupSide.close();
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    // /workspace opens the default workspace.
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
  });

  it('goes to the provider in the whole window when the popup is blocked', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await openLoginPage(createSession(null).handler, connections);

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }));

    expect(assign).toHaveBeenCalledWith('/v3/auth/authorize/github?returnTo=%2Flogin%2Fcallback');
  });

  it('finds the single sign-on connection of the e-mail and starts it', async () => {
    const open = vi.fn(() => ({ focus: vi.fn() }) as unknown as Window);
    vi.stubGlobal('open', open);
    const lookup = handle(routes.lookupSsoConnection, ({ json }) => ({
      status: 200,
      body: {
        connection: (json as { email: string }).email.endsWith('@acme.com') ? 'acme-okta' : null,
      },
    }));
    const { api } = await openLoginPage(createSession(null).handler, connections, lookup);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Log in with single sign-on' }),
    );
    await userEvent.type(screen.getByLabelText(/Work e-mail/), 'grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no single sign-on for this e-mail domain.',
    );
    expect(open).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/Work e-mail/));
    await userEvent.type(screen.getByLabelText(/Work e-mail/), 'Grace@Acme.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));

    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(
      '/v3/auth/authorize/acme-okta?returnTo=%2Flogin%2Fcallback',
      'herald-login',
      expect.any(String),
    );
    expect(api.requestsTo(routes.lookupSsoConnection).map((request) => request.json)).toEqual([
      { email: 'grace@example.com' },
      { email: 'grace@acme.com' },
    ]);
  });

  it('shows no other ways to log in when the operator configured none', async () => {
    const none = handle(routes.listConnections, () => ({ status: 200, body: { connections: [] } }));
    await openLoginPage(createSession(null).handler, none);
    await vi.waitFor(() =>
      expect(screen.queryByText('Loading other ways to log in')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Log in with single sign-on' }),
    ).not.toBeInTheDocument();
  });
});
