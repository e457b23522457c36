import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import {
  buildPendingInvite,
  buildUser,
  buildWorkspace,
  incompleteUser,
} from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

describe('the consider-invite step (/onboarding/consider-invite)', () => {
  it('lists the pending invites and continues to the details step', async () => {
    const invites = handle(routes.listPendingInvites, () => ({
      status: 200,
      body: [
        buildPendingInvite({ workspaceName: 'Babbage & Co', role: 'Admin' }),
        buildPendingInvite({ inviteId: 'inv-2', workspaceName: 'Difference Ltd', invitedBy: null }),
      ],
    }));
    renderApp('/onboarding/consider-invite', createSession(incompleteUser()).handler, invites);
    await screen.findByRole('heading', { level: 1, name: 'You have been invited' });

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Babbage & Co');
    expect(items[0]).toHaveTextContent('Role: Admin · invited by charles@example.com');
    expect(items[1]).toHaveTextContent('Difference Ltd');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/onboarding/details',
    );
  });

  it('shows an error with a retry when the invites cannot be loaded', async () => {
    let calls = 0;
    const invites = handle(routes.listPendingInvites, () => {
      calls += 1;
      // The gate's first ask succeeds; the page's own refetch fails.
      return calls === 1
        ? { status: 200, body: [buildPendingInvite()] }
        : apiErrorResponse(503, 'Database unavailable');
    });
    const { queryClient } = renderApp(
      '/onboarding/consider-invite',
      createSession(incompleteUser()).handler,
      invites,
    );
    await screen.findByRole('heading', { level: 1, name: 'You have been invited' });
    await queryClient.refetchQueries({ queryKey: ['onboarding', 'pending-invites'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitations could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('accepts an invite, refreshes the user and workspaces and opens the workspace', async () => {
    let pending = [buildPendingInvite({ inviteId: 'inv-1', workspace_id: 'ws-1' })];
    // Complete but without a first service: the gate keeps onboarding pages open to them.
    const { api, router } = renderApp(
      '/onboarding/consider-invite',
      createSession(buildUser({ firstService: null })).handler,
      handle(routes.listPendingInvites, () => ({ status: 200, body: pending })),
      handle(routes.listWorkspaces, () => ({
        status: 200,
        body: pending.length === 0 ? [buildWorkspace({ workspace_id: 'ws-1' })] : [],
      })),
      handle(routes.acceptInvite, () => {
        pending = [];
        return { status: 200, body: { workspace_id: 'ws-1' } };
      }),
    );
    const item = await screen.findByRole('listitem');
    const userCallsBefore = api.requestsTo(routes.getUser).length;
    await userEvent.click(
      within(item).getByRole('button', { name: 'Accept the invitation to Babbage & Co' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1'));
    const accepts = api.requestsTo(routes.acceptInvite);
    expect(accepts.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/v3/user/pending-invites/inv-1/accept', undefined],
    ]);
    expect(api.requestsTo(routes.getUser).length).toBeGreaterThan(userCallsBefore);
  });

  it('declines an invite; without invites left the gate sends an incomplete user to details', async () => {
    let pending = [buildPendingInvite({ inviteId: 'inv-1' })];
    const { api, router } = renderApp(
      '/onboarding/consider-invite',
      createSession(incompleteUser()).handler,
      handle(routes.listPendingInvites, () => ({ status: 200, body: pending })),
      handle(routes.declineInvite, () => {
        pending = [];
        return { status: 204, body: undefined };
      }),
    );
    const item = await screen.findByRole('listitem');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Decline the invitation to Babbage & Co' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/details'));
    expect(
      api.requestsTo(routes.declineInvite).map((request) => [request.method, request.url]),
    ).toEqual([['POST', '/v3/user/pending-invites/inv-1/decline']]);
  });
});
