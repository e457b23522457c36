import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { incompleteUser, unverifiedUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

async function openVerifyEmail(...handlers: MockHandler[]) {
  const app = renderApp('/onboarding/verify-email', ...handlers);
  await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
  return app;
}

describe('the verify-email step (/onboarding/verify-email)', () => {
  it('names the address the link went to', async () => {
    await openVerifyEmail(createSession(unverifiedUser({ email: 'ada@example.com' })).handler);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it("re-sends the e-mail and says so: 'Verification e-mail sent'", async () => {
    const resend = handle(routes.verifyEmail, () => ({
      status: 200,
      body: { email_verified: false, verificationEmailSent: true },
    }));
    const { api } = await openVerifyEmail(createSession(unverifiedUser()).handler, resend);

    await userEvent.click(screen.getByRole('button', { name: 'Re-send e-mail' }));

    expect(await screen.findByText('Verification e-mail sent')).toBeInTheDocument();
    expect(api.requestsTo(routes.verifyEmail)).toEqual([
      expect.objectContaining({ method: 'GET', url: '/v3/user/verify-email', body: undefined }),
    ]);
  });

  it("shows a 429's message", async () => {
    const resend = handle(routes.verifyEmail, () =>
      apiErrorResponse(429, 'Please wait a minute before asking for another e-mail.', {
        code: 'TOO_MANY_REQUESTS',
      }),
    );
    await openVerifyEmail(createSession(unverifiedUser()).handler, resend);
    await userEvent.click(screen.getByRole('button', { name: 'Re-send e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait a minute before asking for another e-mail.',
    );
  });

  it("'I have verified my e-mail' fetches the user again and the gate moves on", async () => {
    const session = createSession(unverifiedUser());
    const noInvites = handle(routes.listPendingInvites, () => ({ status: 200, body: [] }));
    const { router } = await openVerifyEmail(session.handler, noInvites);

    await userEvent.click(screen.getByRole('button', { name: 'I have verified my e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your e-mail address is not verified yet.',
    );

    session.set(incompleteUser());
    await userEvent.click(screen.getByRole('button', { name: 'I have verified my e-mail' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/details');
  });

  it('signs out', async () => {
    const logout = handle(routes.logout, () => ({ status: 204, body: undefined }));
    const { api, router } = await openVerifyEmail(createSession(unverifiedUser()).handler, logout);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo(routes.logout)).toHaveLength(1);
  });
});
