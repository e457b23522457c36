import { Button, Group, Table, Text } from '@mantine/core';
import type { WorkspaceInvite } from '@herald/contract/members/member.schema';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDate } from '../../../lib/format/date-time-format';
import { showToast } from '../../../lib/ui/toast';
import { useResendInviteMutation, useRevokeInviteMutation } from '../api/members-mutations';
import { useInvitesQuery } from '../api/members-queries';
import { InlineLoader, LoadFailed } from '../../../components/query-states';
import classes from '../../../components/stacked-table.module.css';
import { DANGER_TEXT } from '../../../components/danger-colour';

/** The workspace's pending invitations, each revocable and re-sendable (Admins and the Owner). */
export function InvitesList({ workspaceId }: { workspaceId: string }) {
  const invites = useInvitesQuery(workspaceId, true);
  const revoke = useRevokeInviteMutation(workspaceId);
  const resend = useResendInviteMutation(workspaceId);
  const [revoking, setRevoking] = useState<WorkspaceInvite | null>(null);

  if (invites.isPending) {
    return <InlineLoader label="Loading invitations" />;
  }
  if (invites.isError) {
    return (
      <LoadFailed
        title="Invitations could not be loaded"
        error={invites.error}
        onRetry={() => invites.refetch()}
      />
    );
  }
  if (invites.data.length === 0) return <Text c="dimmed">No pending invitations.</Text>;

  // Expiry as of the last fetch (a render must not read the clock).
  const now = invites.dataUpdatedAt;
  return (
    <>
      <Table.ScrollContainer minWidth={600} className={classes.scroll}>
        <Table verticalSpacing="sm" className={classes.table} aria-label="Pending invitations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Invited</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invites.data.map((invite: WorkspaceInvite) => {
              const expired = Date.parse(invite.expiresAt) < now;
              return (
                <Table.Tr key={invite.inviteId}>
                  <Table.Td data-label="E-mail">{invite.email}</Table.Td>
                  <Table.Td data-label="Role">{invite.role}</Table.Td>
                  <Table.Td data-label="Invited">
                    {formatDate(invite.invitedAt)}
                    {invite.invitedBy ? ` by ${invite.invitedBy}` : ''}
                  </Table.Td>
                  <Table.Td data-label="Expires">
                    {expired ? 'Expired' : formatDate(invite.expiresAt)}
                  </Table.Td>
                  <Table.Td data-label="Actions">
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Resend the invitation to ${invite.email}`}
                        loading={resend.isPending && resend.variables === invite.inviteId}
                        onClick={() =>
                          resend.mutate(invite.inviteId, {
                            onSuccess: () =>
                              showToast({
                                variant: 'success',
                                message: `Invitation sent again to ${invite.email}`,
                              }),
                          })
                        }
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        c={DANGER_TEXT}
                        aria-label={`Revoke the invitation to ${invite.email}`}
                        onClick={() => setRevoking(invite)}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* Revoking cannot be undone: the link in the mail stops working (asked first, like Remove). */}
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke invitation"
        message={
          revoking
            ? `Revoke the invitation to ${revoking.email}? The link in their e-mail will stop working.`
            : ''
        }
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.inviteId, {
            onSuccess: () => {
              showToast({
                variant: 'success',
                message: `Invitation to ${revoking.email} revoked`,
              });
              setRevoking(null);
            },
          })
        }
      />
    </>
  );
}
