import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { handle } from '../../../testing/api-mock';
import { buildUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';
import { AUTH_CHANNEL_NAME } from '../utils/auth-broadcast';
import { LOGIN_POPUP_MARKER_KEY } from '../utils/login-popup';

function listenOnAuthChannel() {
  const messages: unknown[] = [];
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => messages.push(event.data);
  return { messages, close: () => channel.close() };
}

describe('the login callback (/login/callback)', () => {
  it('in the login popup: tells the opener and closes, without entering the dashboard', async () => {
    sessionStorage.setItem(LOGIN_POPUP_MARKER_KEY, '1');
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const opener = listenOnAuthChannel();
    const { router } = renderApp('/login/callback', createSession(buildUser()).handler);

    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(opener.messages).toEqual([{ type: 'login' }]));
    opener.close();
    // A popup the browser would not close says where to go instead of showing the dashboard.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are logged in' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/callback');
  });

  it('as a full page: a signed-in user goes on through the gate', async () => {
    const { router } = renderApp('/login/callback', createSession(buildUser()).handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    // /workspace opens the default workspace.
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
  });

  it('completes a first single sign-on login with the SSO sign-up and e-mail consent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-05-06T07:08:09.000Z'));
    const session = createSession('profile-missing');
    const createUser = handle(routes.createUser, () => {
      session.set(buildUser({ provider: 'sso' }));
      return { status: 201, body: buildUser({ provider: 'sso' }) };
    });
    const { api, router } = renderApp('/login/callback', session.handler, createUser);

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Herald Cloud' });
    expect(screen.getByText('By continuing you agree to receive service e-mails.')).toBeVisible();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I agree to receive service e-mails'));
    await userEvent.click(continueButton);

    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    // /workspace opens the default workspace.
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
    expect(api.requestsTo(routes.createUser).map((request) => request.json)).toEqual([
      { context: 'sso', emailConsent: true, metadata: { signUpDate: '2025-05-06T07:08:09.000Z' } },
    ]);
    vi.useRealTimers();
  });

  it("shows the provider's error with a link back to log in", async () => {
    renderApp('/login/callback?error=access_denied', createSession(null).handler);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log-in did not complete' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The identity provider reported a problem: access_denied',
    );
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/');
  });

  it('says so when no session came back', async () => {
    renderApp('/login/callback', createSession(null).handler);
    expect(
      await screen.findByText('Your log-in could not be completed. Please try again.'),
    ).toBeInTheDocument();
  });
});
