import { routes } from '@herald/contract/api/routes';
import { OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderService, turnOnFlags } from '../testing/render-service';

const CONSOLE_URL = 'http://prices.eu-west-1.aws.localhost:3000/';

afterEach(async () => {
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
});

async function consoleEntry(options: Parameters<typeof renderService>[1] = {}) {
  await turnOnFlags('dashboard.console');
  const rendered = renderService('/service/svc-1', options);
  const nav = within(await screen.findByRole('navigation', { name: 'Service' }));
  await nav.findByRole('link', { name: 'Topics' });
  return { ...rendered, nav };
}

async function openModal(options: Parameters<typeof renderService>[1] = {}) {
  const rendered = await consoleEntry(options);
  await userEvent.click(rendered.nav.getByRole('button', { name: 'Console' }));
  const dialog = within(
    await screen.findByRole('dialog', { name: 'Set up an admin user for the console' }),
  );
  return { ...rendered, dialog };
}

const adminPrincipalOk = handle(routes.putAdminPrincipal, (request) => ({
  status: 200,
  body: {
    username: (request.json as { username: string }).username,
    roles: ['ADMINISTRATOR' as const],
    consoleUrl: CONSOLE_URL,
    created: true,
  },
}));

describe('the Setup admin user modal (spec sections 2, 5, 8)', () => {
  it('explains itself and keeps Add admin user disabled until a username is entered and the passwords match', async () => {
    const { dialog } = await openModal();
    expect(dialog.getByText(/unique admin username and password/)).toBeInTheDocument();
    expect(dialog.getByText(/keep the password secure/)).toBeInTheDocument();
    const add = dialog.getByRole('button', { name: 'Add admin user' });
    const username = dialog.getByLabelText(/^Username/);
    const password = dialog.getByLabelText(/^Password/);
    const confirm = dialog.getByLabelText(/^Confirm Password/);
    expect(username).toHaveValue('');
    expect(username).toBeRequired();
    expect(password).toBeRequired();
    expect(add).toBeDisabled();

    await userEvent.type(password, 'correct horse');
    await userEvent.type(confirm, 'correct horse');
    expect(add).toBeDisabled();
    await userEvent.type(username, 'ops');
    expect(add).toBeEnabled();

    await userEvent.type(confirm, '!');
    expect(dialog.getByText('Passwords must match')).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('Passwords must match');
    expect(add).toBeDisabled();
  });

  it('creates the admin user, opens the console in a new tab and resets the fields', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { dialog, api, nav } = await openModal({ handlers: [adminPrincipalOk] });
    await userEvent.type(dialog.getByLabelText(/^Username/), ' ops ');
    await userEvent.type(dialog.getByLabelText(/^Password/), 'correct horse');
    await userEvent.type(dialog.getByLabelText(/^Confirm Password/), 'correct horse');
    await userEvent.click(dialog.getByRole('button', { name: 'Add admin user' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(CONSOLE_URL, '_blank', 'noopener,noreferrer'),
    );
    expect(api.requestsTo(routes.putAdminPrincipal).map((request) => request.json)).toEqual([
      { username: 'ops', password: 'correct horse' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(nav.getByRole('button', { name: 'Console' }));
    const again = within(await screen.findByRole('dialog'));
    expect(again.getByLabelText(/^Username/)).toHaveValue('');
    expect(again.getByLabelText(/^Password/)).toHaveValue('');
    expect(again.getByLabelText(/^Confirm Password/)).toHaveValue('');
  });

  it("toasts 'Failed to update: ' with the cause, and closes anyway", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { dialog } = await openModal({
      handlers: [
        handle(routes.putAdminPrincipal, () =>
          apiErrorResponse(503, 'The service did not answer; try again.'),
        ),
      ],
    });
    await userEvent.type(dialog.getByLabelText(/^Username/), 'ops');
    await userEvent.type(dialog.getByLabelText(/^Password/), 'correct horse');
    await userEvent.type(dialog.getByLabelText(/^Confirm Password/), 'correct horse');
    await userEvent.click(dialog.getByRole('button', { name: 'Add admin user' }));

    expect(
      await screen.findByText('Failed to update: The service did not answer; try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).not.toHaveBeenCalled();
  });

  it('resets the fields on cancel', async () => {
    const { dialog, nav } = await openModal();
    await userEvent.type(dialog.getByLabelText(/^Username/), 'ops');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(nav.getByRole('button', { name: 'Console' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(/^Username/)).toHaveValue('');
  });
});

describe('the Console entry', () => {
  it("links a User to the console's own sign-in page when single sign-on is off", async () => {
    const { nav } = await consoleEntry({ roles: ['User'] });
    const link = nav.getByRole('link', { name: 'Console' });
    expect(link).toHaveAttribute('href', CONSOLE_URL);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it.each([['User'], ['Owner']] as const)(
    'signs a %s in by single sign-on: the ticket is posted to the service host in a new tab',
    async (role) => {
      const submitted: { action: string; target: string; ticket: string | null }[] = [];
      vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
        this: HTMLFormElement,
      ) {
        submitted.push({
          action: this.action,
          target: this.target,
          ticket: new FormData(this).get('ticket') as string | null,
        });
      });
      const { nav, api } = await consoleEntry({
        roles: [role],
        service: buildService({ useConsoleSso: true }),
        handlers: [
          handle(routes.createConsoleSsoTicket, () => ({
            status: 200,
            body: {
              ssoUrl: `${CONSOLE_URL}_console/sso`,
              consoleUrl: CONSOLE_URL,
              ticket: 't'.repeat(43),
              expiresIn: 30,
            },
          })),
        ],
      });
      await userEvent.click(nav.getByRole('button', { name: 'Console' }));
      await waitFor(() => expect(submitted).toHaveLength(1));
      expect(submitted[0]).toEqual({
        action: `${CONSOLE_URL}_console/sso`,
        target: '_blank',
        ticket: 't'.repeat(43),
      });
      expect(api.requestsTo(routes.createConsoleSsoTicket)).toHaveLength(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );
});

describe('a disabled service entry', () => {
  it('says why in a tooltip reachable by keyboard', async () => {
    renderService('/service/svc-1', { service: buildService({ status: 'SUSPENDED' }) });
    const nav = within(await screen.findByRole('navigation', { name: 'Service' }));
    const topics = await nav.findByRole('link', { name: 'Topics' });
    expect(topics).toHaveAttribute('aria-disabled', 'true');
    topics.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Available when the service is running. It is Suspended now.',
    );
  });
});
