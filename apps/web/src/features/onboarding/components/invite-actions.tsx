import { Button, Group } from '@mantine/core';
import type { PendingInvite } from '@herald/contract/workspaces/workspace.schema';
import {
  useAcceptInviteMutation,
  useDeclineInviteMutation,
} from '../api/invite-response-mutations';

export interface InviteActionsProps {
  invite: PendingInvite;
  /** After a successful accept: the caller refreshes what membership changes and navigates. */
  onAccepted: (workspaceId: string) => Promise<void> | void;
}

/** Accept or Decline one pending invitation (spec section 3, Pending invite list). */
export function InviteActions({ invite, onAccepted }: InviteActionsProps) {
  const accept = useAcceptInviteMutation();
  const decline = useDeclineInviteMutation();
  const busy = accept.isPending || decline.isPending;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        disabled={busy && !decline.isPending}
        loading={decline.isPending}
        aria-label={`Decline the invitation to ${invite.workspaceName}`}
        onClick={() => decline.mutate(invite.inviteId)}
      >
        Decline
      </Button>
      <Button
        size="xs"
        disabled={busy && !accept.isPending}
        loading={accept.isPending}
        aria-label={`Accept the invitation to ${invite.workspaceName}`}
        onClick={() =>
          accept.mutate(invite.inviteId, {
            onSuccess: ({ workspace_id }) => onAccepted(workspace_id),
          })
        }
      >
        Accept
      </Button>
    </Group>
  );
}
