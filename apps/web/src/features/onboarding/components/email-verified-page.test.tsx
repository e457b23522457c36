import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { handle } from '../../../testing/api-mock';
import { incompleteUser, unverifiedUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

describe('the e-mail verified landing (/login/email-verified)', () => {
  it("says the address is verified; 'Continue' fetches the user and the gate moves on", async () => {
    const session = createSession(unverifiedUser());
    const noInvites = handle(routes.listPendingInvites, () => ({ status: 200, body: [] }));
    const { router, api } = renderApp('/login/email-verified', session.handler, noInvites);
    await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' });

    session.set(incompleteUser());
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/details');
    expect(api.requestsTo(routes.getUser)).toHaveLength(2);
  });

  it('explains an expired link and offers to send a new one', async () => {
    const resend = handle(routes.verifyEmail, () => ({
      status: 200,
      body: { email_verified: false, verificationEmailSent: true },
    }));
    const { api } = renderApp(
      '/login/email-verified?error=expired',
      createSession(unverifiedUser()).handler,
      resend,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link has expired. We can send you a new one.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Re-send e-mail' }));
    expect(await screen.findByText('Verification e-mail sent')).toBeInTheDocument();
    expect(api.requestsTo(routes.verifyEmail)).toHaveLength(1);
  });
});
