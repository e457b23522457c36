import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderRoles } from '../testing/render-roles';

afterEach(() => vi.unstubAllGlobals());

async function rolesTable() {
  return within(await screen.findByRole('table', { name: 'Roles' }));
}

/** The MultiSelect's search field (its label also names the hidden value input). */
function multiSelectInput(label: string) {
  return screen
    .getAllByLabelText(label)
    .find(
      (element): element is HTMLInputElement =>
        element instanceof HTMLInputElement && element.type !== 'hidden',
    )!;
}

async function confirmDialog(title: string) {
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('Security → Roles → Roles (issue 11 item 5)', () => {
  it('lists built-in and custom roles with their includes, paths and principals, under the Roles links', async () => {
    renderRoles('/service/svc-1/roles/roles');
    const table = await rolesTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Roles pages' }));
    expect(nav.getByRole('link', { name: 'Roles' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Explain access' })).toHaveAttribute(
      'href',
      '/service/svc-1/roles/explain',
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'ADMINISTRATORBuilt-in',
      'OPERATORBuilt-in',
      'OBSERVERBuilt-in',
      'PUBLISHERBuilt-in',
      'CLIENTBuilt-in',
      'SENSORS',
      'FLOOR',
    ]);
    const sensors = within(rows[5]!);
    expect(sensors.getByText('Reads the sensors')).toBeInTheDocument();
    expect(sensors.getByText('1 path')).toBeInTheDocument();
    expect(await sensors.findByText('Used by 1 principal')).toBeInTheDocument();
    expect(within(rows[6]!).getByText('SENSORS')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Used by 1 principal')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Used by 0 principals')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create role' })).toHaveAttribute(
      'href',
      '/service/svc-1/roles/roles?create',
    );
  });

  it('creates a role from the matrix, shows exactly what it will change, and sends the whole role', async () => {
    const { api, router } = renderRoles('/service/svc-1/roles/roles');
    await userEvent.click(await screen.findByRole('link', { name: 'Create role' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'reader');
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a path' }), 'sensors');
    await userEvent.click(screen.getByRole('button', { name: 'Add path' }));
    expect(screen.getByText('nothing here (not inherited)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Read (READ_TOPIC) on sensors' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select (SELECT_TOPIC) on sensors' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /^View server/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));

    const dialog = await confirmDialog('Create the role?');
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Creates role "reader".',
      'Global permissions: adds VIEW_SERVER.',
      'Grants READ_TOPIC, SELECT_TOPIC on "sensors".',
    ]);
    expect(api.requestsTo(routes.putRole)).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Create role' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/service/svc-1/roles/roles/reader'),
    );
    const [put] = api.requestsTo(routes.putRole);
    expect(put!.url).toContain('/v3/service/svc-1/security/roles/reader');
    expect(put!.json).toEqual({
      description: null,
      globalPermissions: ['VIEW_SERVER'],
      defaultPathPermissions: [],
      pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC'] },
      includedRoles: [],
      lockingPrincipal: null,
    });
    expect(await screen.findByText('Role created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'reader' })).toBeInTheDocument();
  });

  it('checks names, paths and included roles with the contract rules before anything is sent', async () => {
    const { api } = renderRoles('/service/svc-1/roles/roles?create');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, 'bad name');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(
      await screen.findByText('Role name: 1 to 64 letters, digits, "_", "-" or "."'),
    ).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'SENSORS');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('A role named SENSORS already exists')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Add a path' }), 'a//b');
    await userEvent.click(screen.getByRole('button', { name: 'Add path' }));
    expect(
      await screen.findByText('Topic path "a//b" must not have an empty segment'),
    ).toBeInTheDocument();
    expect(api.requestsTo(routes.putRole)).toHaveLength(0);
  });

  it('shows a cycle of included roles before sending', async () => {
    const { api } = renderRoles('/service/svc-1/roles/roles/SENSORS');
    await screen.findByRole('heading', { level: 2, name: 'SENSORS' });
    await userEvent.click(multiSelectInput('Included roles'));
    await userEvent.click(await screen.findByRole('option', { name: 'FLOOR' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText(/^included roles may not form a cycle: /)).toHaveTextContent(
      /SENSORS → FLOOR → SENSORS|FLOOR → SENSORS → FLOOR/,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requestsTo(routes.putRole)).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names, and says how many sessions were cut", async () => {
    let answer: 'refuse' | 'accept' = 'refuse';
    renderRoles('/service/svc-1/roles/roles/SENSORS', {
      handlers: [
        handle(routes.putRole, (request) =>
          answer === 'refuse'
            ? apiErrorResponse(400, 'Invalid request', {
                code: 'VALIDATION_ERROR',
                issues: [{ path: 'body.lockingPrincipal', message: 'no principal named "nobody"' }],
              })
            : {
                status: 200,
                body: {
                  role: { ...(request.json as object), name: 'SENSORS', builtIn: false } as never,
                  created: false,
                  disconnected: 2,
                },
              },
        ),
      ],
    });
    const lock = await screen.findByRole('textbox', { name: 'Locking principal (optional)' });
    await userEvent.type(lock, 'nobody');
    expect(
      screen.getByText(/the dashboard can no longer change or remove this role/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    const dialog = await confirmDialog('Save the role?');
    expect(dialog.getByText('Locks the role to principal "nobody".')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('no principal named "nobody"')).toBeInTheDocument();

    answer = 'accept';
    await userEvent.clear(lock);
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Update (UPDATE_TOPIC) on sensors' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await userEvent.click(
      (await confirmDialog('Save the role?')).getByRole('button', { name: 'Save role' }),
    );
    expect(
      await screen.findByText('2 sessions lost rights and were disconnected.'),
    ).toBeInTheDocument();
  });

  it('shows a built-in role read-only, with a copy that starts a new role from it', async () => {
    const { router } = renderRoles('/service/svc-1/roles/roles/CLIENT');
    expect(await screen.findByText(/Built-in roles are read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove role' })).toBeNull();
    const defaults = within(screen.getByRole('group', { name: /Default path permissions/ }));
    expect(defaults.getByRole('checkbox', { name: /^Read/ })).toBeDisabled();
    expect(defaults.getByRole('checkbox', { name: /^Read/ })).toBeChecked();
    expect(defaults.getByRole('checkbox', { name: /^Update/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('link', { name: 'Copy to a new role' }));
    expect(
      await screen.findByRole('heading', { name: 'New role, copied from CLIENT' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?create&copy=CLIENT');
    const copied = within(screen.getByRole('group', { name: /Default path permissions/ }));
    expect(copied.getByRole('checkbox', { name: /^Read/ })).toBeChecked();
    expect(copied.getByRole('checkbox', { name: /^Read/ })).toBeEnabled();
  });

  it('says when the URL names no role, with a way back', async () => {
    renderRoles('/service/svc-1/roles/roles/GONE');
    expect(await screen.findByText('No such role')).toBeInTheDocument();
    expect(screen.getByText('GONE')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the roles' })).toHaveAttribute(
      'href',
      '/service/svc-1/roles/roles',
    );
  });

  it('removes a custom role after listing the principals, default roles and roles that lose it', async () => {
    const { api, router } = renderRoles('/service/svc-1/roles/roles/SENSORS');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove role' }));
    const dialog = await confirmDialog('Remove the role SENSORS?');
    await waitFor(() =>
      expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Removes role "SENSORS".',
        'Takes it from principal "meter-1".',
        'Sessions of principals no longer get it by default.',
        'Role "FLOOR" no longer includes it.',
        'Connected sessions lose its permissions at once.',
      ]),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Remove role' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/svc-1/roles/roles'));
    expect(api.requestsTo(routes.deleteRole)[0]!.url).toContain('/security/roles/SENSORS');
    expect(
      await screen.findByText('It was also taken out of principals meter-1 and roles FLOOR.'),
    ).toBeInTheDocument();
  });

  it('gives a User the roles to read, and no write control', async () => {
    renderRoles('/service/svc-1/roles/roles', { roles: ['User'] });
    const create = await screen.findByRole('button', { name: 'Create role' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription(
      'Only an Admin or Owner of the workspace can change the security settings.',
    );
    await userEvent.click((await rolesTable()).getByRole('link', { name: 'SENSORS' }));
    expect(
      await screen.findByText('Only an Admin or Owner of the workspace can change roles.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove role' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add a path' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Read (READ_TOPIC) on sensors' })).toBeDisabled();
  });

  it('shows the shape of the page while the roles load', async () => {
    renderRoles('/service/svc-1/roles/roles', {
      handlers: [handle(routes.getSecurity, () => new Promise<never>(() => undefined))],
    });
    const label = await screen.findByText('Loading the roles');
    expect(label.closest('[role="status"]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table', { name: 'Roles' })).toBeNull();
  });

  it('says why nothing shows when the service is not running, without asking its runtime', async () => {
    const { api } = renderRoles('/service/svc-1/roles/roles', {
      service: buildService({ status: 'POD_PENDING' }),
      status: 'POD_PENDING',
    });
    expect(
      await screen.findByText('Roles are shown while the service is running'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Roles' })).toBeNull();
    expect(api.requestsTo(routes.getSecurity)).toHaveLength(0);
  });
});
