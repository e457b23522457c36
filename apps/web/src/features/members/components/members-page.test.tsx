import { routes } from '@herald/contract/api/routes';
import type { Member, WorkspaceInvite } from '@herald/contract/members/member.schema';
import { MEMBER_CHANGE_REASONS } from '@herald/contract/members/owner-invariant';
import type { Role } from '@herald/contract/members/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import {
  buildMember,
  buildUser,
  buildWorkspace,
  buildWorkspaceInvite,
} from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/workspace/ws-1/members';
const owner = buildMember({
  customerid: 'cus_owner',
  email: 'owner@example.com',
  firstName: 'Olive',
  lastName: 'Owner',
  roles: ['Owner'],
});
const grace = buildMember({
  customerid: 'cus_grace',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  roles: ['User'],
});

/** Renders the members page for Ada with `role`, among the Owner and Grace (unless Ada owns). */
function renderMembers(role: Role, ...handlers: MockHandler[]) {
  const ada = buildMember({ roles: [role] });
  const members: Member[] = role === 'Owner' ? [ada, grace] : [owner, ada, grace];
  const invites: WorkspaceInvite[] = [buildWorkspaceInvite()];
  return renderApp(
    PATH,
    ...handlers,
    createSession(buildUser()).handler,
    handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [
        buildWorkspace({
          users: members.map(({ customerid, email, roles }) => ({ customerid, email, roles })),
        }),
      ],
    })),
    handle(routes.listMembers, () => ({ status: 200, body: members })),
    handle(routes.listInvites, () => ({ status: 200, body: invites })),
  );
}

async function membersTable() {
  return within(await screen.findByRole('table', { name: 'Members' }));
}

function rowOf(table: ReturnType<typeof within>, text: string) {
  return within(table.getByRole('cell', { name: text }).closest('tr')!);
}

describe('the members page for a User', () => {
  it('shows the table read-only, without invitations or activity', async () => {
    const { api } = renderMembers('User');
    const table = await membersTable();
    expect(table.getAllByRole('row')).toHaveLength(4);
    expect(
      rowOf(table, 'grace@example.com').getByRole('cell', { name: 'User' }),
    ).toBeInTheDocument();
    expect(table.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(api.requestsTo(routes.listInvites)).toHaveLength(0);
    // A User may leave.
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeEnabled();
  });
});

describe('the members page for an Admin', () => {
  it('cannot change or remove the Owner, and says why', async () => {
    renderMembers('Admin');
    const table = await membersTable();
    const ownerRow = rowOf(table, 'owner@example.com');
    const changeOwner = ownerRow.getByRole('button', { name: 'Change role' });
    expect(changeOwner).toHaveAttribute('aria-disabled', 'true');
    expect(changeOwner).toHaveAccessibleDescription(MEMBER_CHANGE_REASONS.adminCannotChangeOwner);
    expect(ownerRow.getByRole('button', { name: 'Remove' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('changes a role (Owner not offered) and sends exactly the new role', async () => {
    const { api } = renderMembers(
      'Admin',
      handle(routes.changeMemberRole, () => ({ status: 200, body: [] })),
    );
    const table = await membersTable();
    await userEvent.click(table.getByRole('button', { name: 'Change role of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    const save = within(dialog).getByRole('button', { name: 'Save role' });
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Role', { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['User', 'Admin']);
    await userEvent.click(screen.getByRole('option', { name: 'Admin' }));
    // Only a change to Owner transfers ownership: an Admin's choices never show the notice.
    expect(within(dialog).queryByText('Transferring ownership')).not.toBeInTheDocument();
    await userEvent.click(save);
    expect(await screen.findByText('Grace Hopper is now an Admin')).toBeInTheDocument();
    const [request] = api.requestsTo(routes.changeMemberRole);
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/v3/workspace/ws-1/members/cus_grace/role');
    expect(request?.json).toEqual({ role: 'Admin' });
  });

  it('removes a member after confirming', async () => {
    const { api } = renderMembers(
      'Admin',
      handle(routes.removeMember, () => ({ status: 204, body: undefined })),
    );
    const table = await membersTable();
    await userEvent.click(table.getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Grace Hopper was removed from the organisation'),
    ).toBeInTheDocument();
    expect(api.requestsTo(routes.removeMember).map((r) => [r.method, r.url])).toEqual([
      ['DELETE', '/v3/workspace/ws-1/members/cus_grace'],
    ]);
  });

  it('invites by e-mail and role, then toasts', async () => {
    const { api } = renderMembers(
      'Admin',
      handle(routes.createInvite, ({ json }) => ({
        status: 201,
        body: buildWorkspaceInvite({ inviteId: 'inv-new', ...(json as object) }),
      })),
    );
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail' }), '  charles@example.com ');
    await userEvent.click(form.getByLabelText('Role', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to charles@example.com')).toBeInTheDocument();
    expect(api.requestsTo(routes.createInvite).map((r) => r.json)).toEqual([
      { email: 'charles@example.com', role: 'Admin' },
    ]);
  });

  it('says so when the address already has a pending invitation (409), and toasts nothing', async () => {
    const pending =
      'An invitation to charles@example.com is already pending. Resend it from the invitations list.';
    renderMembers(
      'Admin',
      handle(routes.createInvite, () => apiErrorResponse(409, pending, { code: 'CONFLICT' })),
    );
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail' }), 'charles@example.com');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByText(pending)).toBeInTheDocument();
    expect(screen.queryByText(/Invitation sent/)).not.toBeInTheDocument();
  });

  it('re-sends and revokes pending invitations', async () => {
    const { api } = renderMembers(
      'Admin',
      handle(routes.resendInvite, () => ({ status: 200, body: buildWorkspaceInvite() })),
      handle(routes.revokeInvite, () => ({ status: 204, body: undefined })),
    );
    const invites = within(await screen.findByRole('table', { name: 'Pending invitations' }));
    await userEvent.click(
      invites.getByRole('button', { name: 'Resend the invitation to grace@example.com' }),
    );
    expect(
      await screen.findByText('Invitation sent again to grace@example.com'),
    ).toBeInTheDocument();
    await userEvent.click(
      invites.getByRole('button', { name: 'Revoke the invitation to grace@example.com' }),
    );
    // Revoking asks first: Cancel sends nothing.
    const ask = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    expect(ask).toHaveTextContent(
      'Revoke the invitation to grace@example.com? The link in their e-mail will stop working.',
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Revoke invitation' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo(routes.revokeInvite)).toHaveLength(0);
    await userEvent.click(
      invites.getByRole('button', { name: 'Revoke the invitation to grace@example.com' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation to grace@example.com revoked')).toBeInTheDocument();
    expect(api.requestsTo(routes.resendInvite).map((r) => [r.method, r.url])).toEqual([
      ['POST', '/v3/workspace/ws-1/invites/inv-9/resend'],
    ]);
    expect(api.requestsTo(routes.revokeInvite).map((r) => [r.method, r.url])).toEqual([
      ['DELETE', '/v3/workspace/ws-1/invites/inv-9'],
    ]);
  });

  it('shows the activity newest first and loads more with the cursor', async () => {
    const entry = (id: string, target: string) => ({
      id,
      action: 'invite.created' as const,
      actor: { customerid: 'cus_ada', email: 'ada@example.com' },
      target,
      details: { role: 'User' },
      ipAddress: '203.0.113.7',
      at: '2025-03-01T10:00:00Z',
    });
    const { api } = renderMembers(
      'Admin',
      handle(routes.listAuditLog, ({ searchParams }) =>
        searchParams.get('before') === null
          ? {
              status: 200,
              body: { entries: [entry('a2', 'two@example.com')], nextCursor: 'cur-1' },
            }
          : { status: 200, body: { entries: [entry('a1', 'one@example.com')], nextCursor: null } },
      ),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    const log = within(await screen.findByRole('table', { name: 'Activity' }));
    expect(
      log.getByRole('cell', { name: 'Invited two@example.com as a User' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await log.findByRole('cell', { name: 'Invited one@example.com as a User' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.requestsTo(routes.listAuditLog).map((r) => r.url)).toEqual([
      '/v3/workspace/ws-1/audit-log?limit=25',
      '/v3/workspace/ws-1/audit-log?limit=25&before=cur-1',
    ]);
  });
});

describe('the members page for the Owner', () => {
  it('offers Owner with the transfer note, and cannot leave or be removed', async () => {
    renderMembers('Owner');
    const table = await membersTable();
    const self = rowOf(table, 'ada@example.com');
    expect(self.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(table.getByRole('button', { name: 'Change role of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    const role = within(dialog).getByLabelText('Role', { selector: 'input' });
    // The notice belongs to the Owner choice only: not for the current role, not for Admin.
    expect(within(dialog).queryByText('Transferring ownership')).not.toBeInTheDocument();
    await userEvent.click(role);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'User',
      'Admin',
      'Owner',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Admin' }));
    expect(within(dialog).queryByText('Transferring ownership')).not.toBeInTheDocument();
    await userEvent.click(role);
    await userEvent.click(await screen.findByRole('option', { name: 'Owner' }));
    expect(within(dialog).getByRole('alert', { name: 'Transferring ownership' })).toHaveTextContent(
      'Making someone Owner transfers ownership: you become an Admin.',
    );
    await userEvent.click(role);
    await userEvent.click(await screen.findByRole('option', { name: 'User' }));
    expect(within(dialog).queryByText('Transferring ownership')).not.toBeInTheDocument();
  });

  it('transfers ownership and says so', async () => {
    const { api } = renderMembers(
      'Owner',
      handle(routes.changeMemberRole, () => ({ status: 200, body: [] })),
    );
    const table = await membersTable();
    await userEvent.click(table.getByRole('button', { name: 'Change role of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await userEvent.click(within(dialog).getByLabelText('Role', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Owner' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Grace Hopper is now the Owner')).toBeInTheDocument();
    expect(api.requestsTo(routes.changeMemberRole).map((r) => r.json)).toEqual([{ role: 'Owner' }]);
  });
});

describe('leaving', () => {
  it('leaves after confirming and goes to /workspace', async () => {
    const { api, router } = renderMembers(
      'Admin',
      handle(routes.leaveWorkspace, () => ({ status: 204, body: undefined })),
    );
    await membersTable();
    await userEvent.click(screen.getByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave organisation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe(PATH));
    expect(api.requestsTo(routes.leaveWorkspace).map((r) => [r.method, r.url])).toEqual([
      ['POST', '/v3/workspace/ws-1/leave'],
    ]);
  });
});
