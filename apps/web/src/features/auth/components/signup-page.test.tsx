import { routes } from '@herald/contract/api/routes';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { unverifiedUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

afterEach(() => {
  vi.useRealTimers();
});

async function openSignup(path: string, ...handlers: MockHandler[]) {
  const app = renderApp(path, ...handlers);
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return app;
}

async function fillIn({ company = 'Analytical Engines' }: { company?: string } = {}) {
  await userEvent.type(screen.getByLabelText(/First name/), ' Ada ');
  await userEvent.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await userEvent.type(screen.getByLabelText(/E-mail/), 'Ada@Example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'correct horse');
  if (company) await userEvent.type(screen.getByLabelText(/Company/), company);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the sign-up page (/signup)', () => {
  it('sends the details with the sign-up date and the UTM parameters, then asks to verify the e-mail', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-05-06T07:08:09.000Z'));
    const session = createSession(null);
    const createUser = handle(routes.createUser, () => {
      session.set(unverifiedUser());
      return { status: 201, body: unverifiedUser() };
    });
    const { api, router } = await openSignup(
      '/signup?utm_source=newsletter&utm_medium=email&utm_campaign=launch&utm_term=mqtt&utm_content=hero&ref=x',
      session.handler,
      createUser,
    );

    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    await fillIn({ company: 'Analytical Engines' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your inbox' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/verify-email');
    expect(api.requestsTo(routes.createUser).map((request) => request.json)).toEqual([
      {
        email: 'ada@example.com',
        password: 'correct horse',
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Analytical Engines',
        metadata: {
          signUpDate: '2025-05-06T07:08:09.000Z',
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: 'launch',
          utm_term: 'mqtt',
          utm_content: 'hero',
        },
      },
    ]);
  });

  it('requires the company, as the onboarding details step does (one rule)', async () => {
    const { api } = await openSignup('/signup', createSession(null).handler);
    expect(screen.queryByText('Optional')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Company/)).toBeRequired();
    await fillIn({ company: '' });
    expect(await screen.findByText('Company is required')).toBeInTheDocument();
    expect(api.requestsTo(routes.createUser)).toHaveLength(0);
  });

  it('says a sign-up e-mail was sent when the server answers 400 (an existing account)', async () => {
    const createUser = handle(routes.createUser, () =>
      apiErrorResponse(400, 'An account exists for this e-mail', { code: 'BAD_REQUEST' }),
    );
    await openSignup('/signup', createSession(null).handler, createUser);
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.signupEmailSent);
    expect(AUTH_MESSAGES.signupEmailSent).toBe(
      'A signup email has been sent. Please contact support if you encounter any problems.',
    );
  });

  it("shows the server's message for other failures", async () => {
    const createUser = handle(routes.createUser, () =>
      apiErrorResponse(429, 'Too many sign-ups from this address. Try again in a minute.'),
    );
    await openSignup('/signup', createSession(null).handler, createUser);
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-ups from this address. Try again in a minute.',
    );
  });

  it('puts validation issues from the server on their fields', async () => {
    const createUser = handle(routes.createUser, () =>
      apiErrorResponse(400, 'Invalid request', {
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'body.password', message: 'Password is too common' }],
      }),
    );
    await openSignup('/signup', createSession(null).handler, createUser);
    await fillIn();
    expect(await screen.findByText('Password is too common')).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.signupEmailSent)).not.toBeInTheDocument();
  });

  it('submitted empty, says what every required field needs and takes the person to the first', async () => {
    const { api } = await openSignup('/signup', createSession(null).handler);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    for (const message of [
      'Last name is required',
      'Enter a valid e-mail address',
      'Password must be at least 8 characters',
      'Company is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await vi.waitFor(() => expect(screen.getByLabelText(/First name/)).toHaveFocus());
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(api.requestsTo(routes.createUser)).toHaveLength(0);
  });

  it('checks the password rule before sending', async () => {
    const { api } = await openSignup('/signup', createSession(null).handler);
    await userEvent.type(screen.getByLabelText(/Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(api.requestsTo(routes.createUser)).toHaveLength(0);
  });

  describe('from an invitation link (/signup?invite=)', () => {
    const preview = handle(routes.getInvitePreview, ({ url }) =>
      url.endsWith('/v3/invites/inv-1')
        ? {
            status: 200,
            body: {
              inviteId: 'inv-1',
              workspaceName: 'Blue Team',
              inviterName: 'Grace Hopper',
              email: 'invitee@example.com',
            },
          }
        : apiErrorResponse(404, 'This invitation link is not valid any more.'),
    );

    it('says who invited them to which team, signs up the invited e-mail, locked', async () => {
      const createUser = handle(routes.createUser, () => ({
        status: 201,
        body: unverifiedUser(),
      }));
      const { api } = await openSignup(
        '/signup?invite=inv-1',
        createSession(null).handler,
        preview,
        createUser,
      );
      expect(await screen.findByText(/Grace Hopper invited you to join/)).toHaveTextContent(
        'Grace Hopper invited you to join Blue Team on Herald Cloud.',
      );
      const email = screen.getByLabelText(/E-mail/);
      expect(email).toHaveValue('invitee@example.com');
      expect(email).toHaveAttribute('readonly');
      expect(email).toHaveAttribute('data-variant', 'filled');
      // Joining a team that exists: no company is asked (docs/decisions/035).
      expect(screen.queryByLabelText(/Company/)).not.toBeInTheDocument();

      await userEvent.type(screen.getByLabelText(/First name/), 'Grace');
      await userEvent.type(screen.getByLabelText(/Last name/), 'Hopper');
      await userEvent.type(email, 'someone-else@example.com');
      await userEvent.type(screen.getByLabelText(/Password/), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

      await vi.waitFor(() => expect(api.requestsTo(routes.createUser)).toHaveLength(1));
      expect(api.requestsTo(routes.createUser)[0]?.json).toMatchObject({
        email: 'invitee@example.com',
        firstName: 'Grace',
        lastName: 'Hopper',
      });
      expect(api.requestsTo(routes.createUser)[0]?.json).not.toHaveProperty('company');
    });

    it("sends the mail's token with the invitation, so the server need not verify the address again", async () => {
      const createUser = handle(routes.createUser, () => ({
        status: 201,
        body: unverifiedUser(),
      }));
      const { api } = await openSignup(
        '/signup?invite=inv-1&token=mail-token',
        createSession(null).handler,
        preview,
        createUser,
      );
      await screen.findByText(/Grace Hopper invited you to join/);
      expect(screen.queryByLabelText(/Company/)).not.toBeInTheDocument();
      await userEvent.type(screen.getByLabelText(/First name/), 'Grace');
      await userEvent.type(screen.getByLabelText(/Last name/), 'Hopper');
      await userEvent.type(screen.getByLabelText(/Password/), 'correct horse');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

      await vi.waitFor(() => expect(api.requestsTo(routes.createUser)).toHaveLength(1));
      expect(api.requestsTo(routes.createUser)[0]?.json).toMatchObject({
        email: 'invitee@example.com',
        invite: { id: 'inv-1', token: 'mail-token' },
      });
    });

    it("shows the server's word for an unusable link and the plain form", async () => {
      await openSignup('/signup?invite=inv-gone', createSession(null).handler, preview);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This invitation link is not valid any more.',
      );
      expect(screen.getByLabelText(/E-mail/)).not.toHaveAttribute('readonly');
      expect(screen.getByLabelText(/Company/)).toBeRequired();
    });
  });
});
