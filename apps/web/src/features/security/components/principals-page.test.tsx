import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderServicePage } from '../../../testing/render-service-page';
import {
  buildAuthenticationStore,
  buildRole,
  buildSecurityStore,
  reviewLines,
  securityHandlers,
} from '../testing/authentication-factories';

afterEach(() => vi.unstubAllGlobals());

const security = buildSecurityStore({
  roles: [
    ...buildSecurityStore().roles,
    buildRole({ name: 'SENSORS', pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC'] } }),
  ],
});

function openPrincipals(
  options: {
    path?: string;
    roles?: ('Owner' | 'Admin' | 'User')[];
    extra?: Parameters<typeof handle>[];
  } = {},
) {
  const state = {
    security,
    authentication: buildAuthenticationStore({
      principals: [
        { name: 'admin', roles: ['ADMINISTRATOR'], lockingPrincipal: null },
        { name: 'meter-1', roles: ['SENSORS', 'CLIENT'], lockingPrincipal: null },
        { name: 'ops', roles: ['OPERATOR'], lockingPrincipal: 'admin' },
      ],
    }),
  };
  const rendered = renderServicePage(options.path ?? '/service/svc-1/authentication/principals', {
    roles: options.roles ?? ['Owner'],
    handlers: [
      handle(routes.putPrincipal, (request) => ({
        status: 200,
        body: {
          principal: {
            name: decodeURIComponent(request.url.split('/').at(-1)!),
            roles: (request.json as { roles: string[] }).roles,
            lockingPrincipal: null,
          },
          created: true,
          disconnected: 0,
        },
      })),
      handle(routes.putPrincipalPassword, () => ({ status: 200, body: { disconnected: 2 } })),
      handle(routes.deletePrincipal, () => ({
        status: 200,
        body: { removed: 'meter-1', disconnected: 1 },
      })),
      ...securityHandlers(state),
    ],
  });
  return { ...rendered, state };
}

async function principalsTable() {
  return within(await screen.findByRole('table', { name: 'Principals' }));
}

async function openActions(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return within(await screen.findByRole('menu'));
}

describe('Auth → Principals', () => {
  it('lists each principal with its roles and lock, under the Auth heading and its pages', async () => {
    openPrincipals();
    expect(await screen.findByRole('heading', { level: 1, name: 'Auth' })).toBeVisible();
    const pages = within(screen.getByRole('navigation', { name: 'Auth pages' }));
    expect(pages.getByRole('link', { name: 'Principals' })).toHaveAttribute('aria-current', 'page');
    expect(pages.getByRole('link', { name: 'Anonymous sessions' })).toHaveAttribute(
      'href',
      '/service/svc-1/authentication/anonymous-sessions',
    );
    expect(pages.getByRole('link', { name: 'Trusted properties' })).toHaveAttribute(
      'href',
      '/service/svc-1/authentication/trusted-properties',
    );
    const table = await principalsTable();
    const meter = table.getByRole('row', { name: /meter-1/ });
    expect(within(meter).getByText('SENSORS')).toBeVisible();
    expect(within(meter).getByText('CLIENT')).toBeVisible();
    expect(within(meter).getByText('Not locked')).toBeVisible();
    expect(
      within(table.getByRole('row', { name: /ops/ })).getByText('Locked by admin'),
    ).toBeVisible();
    expect(table.getByRole('link', { name: 'admin' })).toHaveAttribute(
      'href',
      '/service/svc-1/authentication/principals/admin',
    );
  });

  it('shows the shape of the table while loading', async () => {
    openPrincipals();
    expect(await screen.findByText('Loading principals')).toBeInTheDocument();
    await principalsTable();
  });

  it('checks the fields with the contract rules before anything is sent', async () => {
    const { api } = openPrincipals();
    await userEvent.click(await screen.findByRole('button', { name: 'Add principal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add principal' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'bad?name');
    await userEvent.type(dialog.getByLabelText(/^Password/), 'short');
    await userEvent.type(dialog.getByLabelText(/^Confirm password/), 'other');
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    expect(
      dialog.getByText(
        'Principal name: 1 to 128 characters without spaces, "/" or "?", not starting with "$"',
      ),
    ).toBeVisible();
    expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(dialog.getByText('The two passwords are not the same')).toBeVisible();

    await userEvent.clear(dialog.getByRole('textbox', { name: /Name/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'meter-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    expect(dialog.getByText('A principal named "meter-1" already exists')).toBeVisible();
    expect(api.requestsTo(routes.putPrincipal)).toHaveLength(0);
  });

  it('adds a principal after showing what will be created, then forgets the password', async () => {
    const { api, router } = openPrincipals();
    await userEvent.click(await screen.findByRole('button', { name: 'Add principal' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Add principal' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'sensor-7');
    await userEvent.type(dialog.getByLabelText(/^Password/), 'correct horse');
    await userEvent.type(dialog.getByLabelText(/^Confirm password/), 'correct horse');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SENSORS' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));

    const review = within(await screen.findByRole('dialog', { name: 'Add this principal?' }));
    expect(reviewLines(review)).toEqual([
      'Adds principal "sensor-7".',
      'Sets its password.',
      'Assigns role "SENSORS".',
    ]);
    await userEvent.click(review.getByRole('button', { name: 'Add principal' }));
    expect(await screen.findByText('Principal "sensor-7" added.')).toBeVisible();
    expect(
      api.requestsTo(routes.putPrincipal).map((request) => [request.url, request.json]),
    ).toEqual([
      [
        '/v3/service/svc-1/authentication/principals/sensor-7',
        { password: 'correct horse', roles: ['SENSORS'] },
      ],
    ]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/service/svc-1/authentication/principals/sensor-7',
      ),
    );
    // Opened again, the dialog holds nothing of the last principal.
    await userEvent.click(screen.getByRole('button', { name: 'Add principal' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Add principal' }));
    expect(dialog.getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(dialog.getByLabelText(/^Password/)).toHaveValue('');
    expect(dialog.getByLabelText(/^Confirm password/)).toHaveValue('');
  });

  it('keeps the review open with the reason when the service refuses', async () => {
    openPrincipals();
    const { api } = renderAgainWithRefusal();
    await userEvent.click(await screen.findByRole('button', { name: 'Add principal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add principal' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'sensor-8');
    await userEvent.type(dialog.getByLabelText(/^Password/), 'correct horse');
    await userEvent.type(dialog.getByLabelText(/^Confirm password/), 'correct horse');
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    const review = within(await screen.findByRole('dialog', { name: 'Add this principal?' }));
    await userEvent.click(review.getByRole('button', { name: 'Add principal' }));
    expect(await review.findByText('the runtime is busy')).toBeVisible();
    expect(api.requestsTo(routes.putPrincipal)).toHaveLength(1);
  });

  it('changes roles after showing what is added and taken, keeping the password', async () => {
    const { api } = openPrincipals();
    const menu = await openActions('meter-1');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Change roles' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change roles of "meter-1"' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'PUBLISHER' }));
    // Picking a selected option again takes it away.
    await userEvent.click(await screen.findByRole('option', { name: 'CLIENT' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    const review = within(screen.getByRole('dialog'));
    expect(reviewLines(review)).toEqual(['Assigns role "PUBLISHER".', 'Takes away role "CLIENT".']);
    expect(review.getByText(/The change applies at once/)).toBeVisible();
    await userEvent.click(review.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Roles of "meter-1" saved.')).toBeVisible();
    expect(api.requestsTo(routes.putPrincipal).map((request) => request.json)).toEqual([
      { roles: ['SENSORS', 'PUBLISHER'], lockingPrincipal: null },
    ]);
  });

  it('sets a password twice-typed, saying live sessions are closed, and clears the fields', async () => {
    const { api } = openPrincipals();
    const menu = await openActions('meter-1');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Set password' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Set the password of "meter-1"' }),
    );
    expect(dialog.getByText(/Live sessions of this principal are closed/)).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^New password/), 'new secret 1');
    await userEvent.type(dialog.getByLabelText(/^Confirm new password/), 'new secret 2');
    await userEvent.click(dialog.getByRole('button', { name: 'Set password' }));
    expect(dialog.getByText('The two passwords are not the same')).toBeVisible();
    await userEvent.clear(dialog.getByLabelText(/^Confirm new password/));
    await userEvent.type(dialog.getByLabelText(/^Confirm new password/), 'new secret 1');
    await userEvent.click(dialog.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Password of "meter-1" set. 2 sessions were closed.'),
    ).toBeVisible();
    expect(api.requestsTo(routes.putPrincipalPassword).map((r) => [r.url, r.json])).toEqual([
      [
        '/v3/service/svc-1/authentication/principals/meter-1/password',
        { password: 'new secret 1' },
      ],
    ]);
    await userEvent.click(
      await openActions('meter-1').then((m) => m.getByRole('menuitem', { name: 'Set password' })),
    );
    const again = within(
      await screen.findByRole('dialog', { name: 'Set the password of "meter-1"' }),
    );
    expect(again.getByLabelText(/^New password/)).toHaveValue('');
  });

  it('removes a principal after confirmation', async () => {
    const { api } = openPrincipals();
    const menu = await openActions('meter-1');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove principal' }));
    expect(
      dialog.getByText(/Remove principal "meter-1"\? Its live sessions are closed/),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove principal' }));
    expect(
      await screen.findByText('Principal "meter-1" removed. 1 session was closed.'),
    ).toBeVisible();
    expect(api.requestsTo(routes.deletePrincipal).map((r) => [r.method, r.url])).toEqual([
      ['DELETE', '/v3/service/svc-1/authentication/principals/meter-1'],
    ]);
  });

  it('refuses changes to a locked principal, naming the lock', async () => {
    openPrincipals();
    const menu = await openActions('ops');
    expect(
      menu.getByText(
        'Locked by principal "admin": only a session of that principal can change it.',
      ),
    ).toBeVisible();
    expect(menu.getByRole('menuitem', { name: 'Change roles' })).toBeDisabled();
    expect(menu.getByRole('menuitem', { name: 'Remove' })).toBeDisabled();
    expect(menu.getByRole('menuitem', { name: 'Explain access' })).toBeEnabled();
  });

  it('gives a User no write controls, each saying why', async () => {
    openPrincipals({ roles: ['User'], path: '/service/svc-1/authentication/principals/meter-1' });
    const add = await screen.findByRole('button', { name: 'Add principal' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAttribute(
      'aria-description',
      'Only an Admin or Owner of the workspace can change the security settings.',
    );
    await userEvent.click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const panel = within(await screen.findByRole('region', { name: 'Principal meter-1' }));
    for (const name of ['Change roles', 'Set password', 'Remove']) {
      expect(panel.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    const menu = await openActions('admin');
    expect(menu.getByRole('menuitem', { name: 'Set password' })).toBeDisabled();
  });

  it('opens a principal from its address, and says when there is no such principal', async () => {
    const { unmount } = openPrincipals({
      path: '/service/svc-1/authentication/principals/meter-1',
    });
    const panel = within(await screen.findByRole('region', { name: 'Principal meter-1' }));
    expect(panel.getByText('SENSORS')).toBeVisible();
    expect(panel.getByRole('link', { name: 'Explain access' })).toHaveAttribute(
      'href',
      '/service/svc-1/roles/explain?subject=principal%3Ameter-1',
    );
    unmount();
    openPrincipals({ path: '/service/svc-1/authentication/principals/ghost' });
    expect(await screen.findByText('No principal named "ghost"')).toBeVisible();
  });

  it('shows the not-running state instead of asking a stopped service', async () => {
    const { api } = renderServicePage('/service/svc-1/authentication/principals', {
      service: buildService({ status: 'SUSPENDED' }),
    });
    expect(await screen.findByText('Auth is shown while the service is running')).toBeVisible();
    expect(api.requestsTo(routes.getAuthentication)).toHaveLength(0);
  });
});

function renderAgainWithRefusal() {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  return renderServicePage('/service/svc-1/authentication/principals', {
    handlers: [
      handle(routes.putPrincipal, () => apiErrorResponse(409, 'the runtime is busy')),
      ...securityHandlers({ security, authentication: buildAuthenticationStore() }),
    ],
  });
}
