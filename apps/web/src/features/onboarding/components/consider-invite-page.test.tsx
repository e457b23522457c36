import { routes } from '@herald/contract/api/routes';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildPendingInvite, incompleteUser } from '../../../testing/factories';
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
});
