import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { PendingInvite } from '@herald/contract/workspaces/workspace.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { usePendingInvitesQuery } from '../api/pending-invites-query';
import { PendingInviteList } from './pending-invite-list';

/**
 * `/onboarding/consider-invite` (spec section 4: a user with incomplete details and pending
 * invites may look at them before the details step).
 */
export function ConsiderInvitePage({
  renderInviteActions,
}: {
  /** Accept and Decline for each invite (composed by the route). */
  renderInviteActions?: (invite: PendingInvite) => ReactNode;
} = {}) {
  const invites = usePendingInvitesQuery();

  return (
    <PageCard
      title="You have been invited"
      description="These workspaces invited you to join them."
    >
      {invites.isPending && (
        <Center py="md" role="status" aria-label="Loading invitations">
          <Loader size="sm" aria-hidden="true" />
        </Center>
      )}
      {invites.isError && (
        <Alert color="red" variant="light" role="alert" title="Invitations could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Please try again.</Text>
            <Button size="xs" variant="default" onClick={() => void invites.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {invites.isSuccess &&
        (invites.data.length === 0 ? (
          <Text c="dimmed">You have no pending invitations.</Text>
        ) : (
          <PendingInviteList invites={invites.data} renderInviteActions={renderInviteActions} />
        ))}
      <Button component={Link} to="/onboarding/details" fullWidth>
        Continue
      </Button>
    </PageCard>
  );
}
