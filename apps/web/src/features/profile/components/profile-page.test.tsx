import { routes } from '@herald/contract/api/routes';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { buildUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

afterEach(() => {
  vi.useRealTimers();
});

async function openProfile(...handlers: MockHandler[]) {
  const app = renderApp('/profile', ...handlers);
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return app;
}

describe('the profile (/profile)', () => {
  it("edits names and company with PUT /v3/user and toasts 'Profile updated'", async () => {
    const session = createSession(buildUser());
    const update = handle(routes.updateUser, () => {
      session.set(buildUser({ lastName: 'King', company: 'Lovelace Labs' }));
      return { status: 200, body: buildUser({ lastName: 'King', company: 'Lovelace Labs' }) };
    });
    const { api } = await openProfile(session.handler, update);
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(within(details).getByLabelText(/First name/)).toHaveValue('Ada');

    await userEvent.clear(within(details).getByLabelText(/Last name/));
    await userEvent.type(within(details).getByLabelText(/Last name/), 'King');
    await userEvent.clear(within(details).getByLabelText(/Company/));
    await userEvent.type(within(details).getByLabelText(/Company/), ' Lovelace Labs ');
    await userEvent.click(within(details).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.requestsTo(routes.updateUser).map((request) => request.json)).toEqual([
      { firstName: 'Ada', lastName: 'King', company: 'Lovelace Labs' },
    ]);
    // The top bar follows the fresh user.
    expect(
      await screen.findByRole('button', { name: 'Logged in as Ada King (ada@example.com)' }),
    ).toBeInTheDocument();
  });

  it('shows the e-mail as read-only, drawn so it looks it, and typing changes nothing', async () => {
    await openProfile(createSession(buildUser()).handler);
    const details = screen.getByRole('region', { name: 'Your details' });
    const email = within(details).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    // Issue 25: a bordered white field looked editable; the filled variant draws it grey and borderless.
    expect(email).toHaveAttribute('data-variant', 'filled');
    expect(email).toHaveStyle({ cursor: 'default' });
    await userEvent.type(email, 'x');
    expect(email).toHaveValue('ada@example.com');
  });

  it('does not reset a form being edited when the user is fetched again', async () => {
    const { queryClient } = await openProfile(createSession(buildUser()).handler);
    const firstName = screen.getByLabelText(/First name/);
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Augusta');
    await queryClient.refetchQueries({ queryKey: ['auth', 'current-user'] });
    expect(firstName).toHaveValue('Augusta');
  });

  it("changes the password and toasts the reply's message", async () => {
    const change = handle(routes.changePassword, () => ({
      status: 200,
      body: { data: { message: 'Your password has been changed' } },
    }));
    const { api } = await openProfile(createSession(buildUser()).handler, change);
    const password = screen.getByRole('region', { name: 'Password' });

    await userEvent.type(within(password).getByLabelText(/^New password/), 'new secret 1');
    await userEvent.type(within(password).getByLabelText(/Confirm new password/), 'new secret');
    await userEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Passwords must match')).toBeInTheDocument();
    expect(api.requestsTo(routes.changePassword)).toHaveLength(0);

    await userEvent.type(within(password).getByLabelText(/Confirm new password/), ' 1');
    await userEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(api.requestsTo(routes.changePassword).map((request) => request.json)).toEqual([
      { password: 'new secret 1' },
    ]);
    expect(within(password).getByLabelText(/^New password/)).toHaveValue('');
  });

  it('deletes the account after the e-mail is typed, toasts, and logs out 1 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const session = createSession(buildUser());
    const deleteUser = handle(routes.deleteUser, () => {
      session.set(null);
      return { status: 204, body: undefined };
    });
    const logout = handle(routes.logout, () => ({ status: 204, body: undefined }));
    const { api, router } = await openProfile(session.handler, deleteUser, logout);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your e-mail address'), 'ada@example.co');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your e-mail address'), 'm');
    await user.click(confirm);

    expect(await screen.findByText(AUTH_MESSAGES.accountDeleted)).toBeInTheDocument();
    expect(api.requestsTo(routes.deleteUser)).toHaveLength(1);
    expect(api.requestsTo(routes.logout)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/profile');

    await vi.advanceTimersByTimeAsync(1_000);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(routes.logout)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('toasts a failed deletion and stays signed in', async () => {
    const deleteUser = handle(routes.deleteUser, () =>
      apiErrorResponse(500, 'An internal error occurred. Please try again later.'),
    );
    const { router } = await openProfile(createSession(buildUser()).handler, deleteUser);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Your e-mail address'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(
      await screen.findByText('An error was encountered in deleting your account'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
