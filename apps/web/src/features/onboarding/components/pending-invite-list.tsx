import { Group, Paper, Stack, Text } from '@mantine/core';
import type { PendingInvite } from '@herald/contract/workspaces/workspace.schema';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format/date-time-format';

export interface PendingInviteListProps {
  invites: PendingInvite[];
  /**
   * Controls shown with each invite (Accept and Decline on the consider-invite page); without
   * them the list only informs.
   */
  renderInviteActions?: (invite: PendingInvite) => ReactNode;
}

/** The workspace invitations waiting for the user: workspace, role, who invited and when. */
export function PendingInviteList({ invites, renderInviteActions }: PendingInviteListProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {invites.map((invite) => (
        <Paper key={invite.inviteId} component="li" withBorder p="md" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Stack gap={2}>
              <Text fw={600}>{invite.workspaceName}</Text>
              <Text size="sm" c="dimmed">
                Role: {invite.role}
                {invite.invitedBy ? ` · invited by ${invite.invitedBy}` : ''} ·{' '}
                {formatDate(invite.invitedAt)}
              </Text>
            </Stack>
            {renderInviteActions?.(invite)}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
