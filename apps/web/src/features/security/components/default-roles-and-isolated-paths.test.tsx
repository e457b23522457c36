import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoles } from '../testing/render-roles';

afterEach(() => vi.unstubAllGlobals());

/** The MultiSelect's search field (its label also names the hidden value input). */
function multiSelectInput(label: string) {
  return screen
    .getAllByLabelText(label)
    .find(
      (element): element is HTMLInputElement =>
        element instanceof HTMLInputElement && element.type !== 'hidden',
    )!;
}

describe('Security → Roles → Default roles (issue 11 item 5)', () => {
  it('changes the roles of named and anonymous sessions after showing the change', async () => {
    const { api } = renderRoles('/service/svc-1/roles/default-roles');
    await screen.findByRole('form', { name: 'Default roles' });
    expect(screen.getByRole('button', { name: 'Save default roles' })).toBeDisabled();
    await userEvent.click(multiSelectInput('Roles for anonymous sessions'));
    await userEvent.click(await screen.findByRole('option', { name: 'CLIENT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save default roles' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Save the default roles?' }));
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Anonymous sessions also get role "CLIENT".',
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Save default roles' }));
    await waitFor(() => expect(api.requestsTo(routes.putDefaultRoles)).toHaveLength(1));
    expect(api.requestsTo(routes.putDefaultRoles)[0]!.json).toEqual({
      rolesForNamedSessions: ['SENSORS'],
      rolesForAnonymousSessions: ['CLIENT'],
    });
    expect(await screen.findByText('Default roles saved')).toBeInTheDocument();
  });

  it('shows the fixed roles of token sessions with why', async () => {
    renderRoles('/service/svc-1/roles/default-roles');
    const table = within(await screen.findByRole('table', { name: 'Roles of token sessions' }));
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Dashboard: Owner or Admin', 'ADMINISTRATOR'],
      ['Dashboard: User', 'OBSERVER'],
      ['Service API token, write', 'ADMINISTRATOR'],
      ['Service API token, read', 'CLIENT'],
      ['Adapters (Kafka, REST)', 'PUBLISHER'],
    ]);
  });

  it('gives a User the default roles to read, not to change', async () => {
    renderRoles('/service/svc-1/roles/default-roles', { roles: ['User'] });
    await screen.findByRole('form', { name: 'Default roles' });
    expect(multiSelectInput('Roles for named sessions')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save default roles' })).toBeNull();
    expect(
      screen.getByText('Only an Admin or Owner of the workspace can change the security settings.'),
    ).toBeInTheDocument();
  });
});

describe('Security → Roles → Isolated paths (issue 11 item 5)', () => {
  it('adds and removes isolated paths, validated, and saves after showing the change', async () => {
    const { api } = renderRoles('/service/svc-1/roles/isolated-paths');
    const field = await screen.findByRole('textbox', { name: 'Isolate a path' });
    expect(screen.getByText(/An isolated path stops that/)).toBeInTheDocument();
    await userEvent.type(field, '/private');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Topic path "/private" must not start with /'),
    ).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'plant/secret{Enter}');
    await userEvent.type(field, 'vault');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove vault' }));
    const list = within(screen.getByRole('list', { name: 'Isolated paths' }));
    expect(
      list.getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['plant/secret']);
    expect(list.getByRole('button', { name: 'Remove plant/secret' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save isolated paths' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Save the isolated paths?' }));
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Isolates "plant/secret": permissions assigned above it no longer apply to it and the paths below it.',
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Save isolated paths' }));
    await waitFor(() => expect(api.requestsTo(routes.putIsolatedPaths)).toHaveLength(1));
    expect(api.requestsTo(routes.putIsolatedPaths)[0]!.json).toEqual({
      isolatedPaths: ['plant/secret'],
    });
    expect(
      await screen.findByText('3 sessions lost rights and were disconnected.'),
    ).toBeInTheDocument();
  });

  it('gives a User the isolated paths to read, with no add or remove', async () => {
    renderRoles('/service/svc-1/roles/isolated-paths', { roles: ['User'] });
    expect(await screen.findByText('No path is isolated.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Isolate a path' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save isolated paths' })).toBeNull();
  });
});
