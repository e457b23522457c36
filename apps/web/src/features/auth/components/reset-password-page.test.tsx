import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { createSession, renderApp } from '../../../testing/render-app';

describe('the password reset (/reset-password)', () => {
  it("requests a link and shows the server's confirmation", async () => {
    const requestReset = handle(routes.requestPasswordReset, () => ({
      status: 202,
      body: { data: { message: 'If an account exists for this address, a link is on its way.' } },
    }));
    const { api } = renderApp('/reset-password', createSession(null).handler, requestReset);
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });

    await userEvent.type(screen.getByLabelText(/E-mail/), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText('If an account exists for this address, a link is on its way.'),
    ).toBeInTheDocument();
    expect(api.requestsTo(routes.requestPasswordReset).map((request) => request.json)).toEqual([
      { email: 'ada@example.com' },
    ]);
  });

  it('sets the new password with the token of the link, then offers to log in', async () => {
    const confirm = handle(routes.confirmPasswordReset, () => ({ status: 204, body: undefined }));
    const { api } = renderApp(
      '/reset-password?token=tok-123',
      createSession(null).handler,
      confirm,
    );
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });

    await userEvent.type(screen.getByLabelText(/^New password/), 'new secret 1');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'new secret 2');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(api.requestsTo(routes.confirmPasswordReset)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/Confirm new password/));
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'new secret 1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with your new password' })).toHaveAttribute(
      'href',
      '/',
    );
    // One way on: the page's own "Back to log in" led to the same place (issue 25).
    expect(
      screen.getAllByRole('link').filter((link) => link.getAttribute('href') === '/'),
    ).toHaveLength(1);
    expect(api.requestsTo(routes.confirmPasswordReset).map((request) => request.json)).toEqual([
      { token: 'tok-123', password: 'new secret 1' },
    ]);
  });

  it('explains an expired link and offers a new one', async () => {
    const confirm = handle(routes.confirmPasswordReset, () =>
      apiErrorResponse(400, 'This reset link has expired'),
    );
    renderApp('/reset-password?token=old', createSession(null).handler, confirm);
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await userEvent.type(screen.getByLabelText(/^New password/), 'new secret 1');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'new secret 1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
