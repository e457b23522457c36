import { Alert, Group, Stack, Text } from '@mantine/core';
import type { PendingInvite } from '@herald/contract/workspaces/workspace.schema';
import type { ReactNode } from 'react';
import { usePendingInvitesQuery } from '../api/pending-invites-query';

/**
 * The client-side invite notification (spec section 4): while invitations wait for the user, the
 * frame says so, with Accept and Decline at hand. The actions are inline rather than a link to
 * /onboarding/consider-invite, which the gate closes to users who already have a first service.
 * Nothing shows while loading or after a failed fetch: it is a hint, not a view of its own.
 */
export function PendingInviteNotice({
  renderInviteActions,
}: {
  renderInviteActions: (invite: PendingInvite) => ReactNode;
}) {
  const { data: invites } = usePendingInvitesQuery();
  if (invites === undefined || invites.length === 0) return null;
  return (
    <Alert variant="light" color="indigo" mb="md" aria-label="Invitations">
      <Stack gap="xs">
        {invites.map((invite) => (
          <Group key={invite.inviteId} justify="space-between" gap="sm">
            <Text size="sm">
              You have an invitation to join <strong>{invite.workspaceName}</strong> as{' '}
              {invite.role}.
            </Text>
            {renderInviteActions(invite)}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
