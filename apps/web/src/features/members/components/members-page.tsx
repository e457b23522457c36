import { Button, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { canManageMembers } from '@herald/contract/members/permissions';
import { useState } from 'react';
import { useLeaveWorkspaceMutation } from '../api/members-mutations';
import { useMembersQuery } from '../api/members-queries';
import { ActivityLog } from './activity-log';
import { ConfirmModal } from '../../../components/confirm-modal';
import { InviteForm } from './invite-form';
import { InvitesList } from './invites-list';
import { MembersTable } from './members-table';
import { InlineLoader, LoadFailed } from '../../../components/query-states';
import { DANGER_TEXT } from '../../../components/danger-colour';

export interface MembersPageProps {
  workspaceId: string;
  organisationName: string;
  /** The signed-in user. */
  customerid: string;
  /** The user's roles in the workspace (the workspace list), until the member list is in. */
  roles: readonly string[];
  /** Roles or membership changed: the caller refreshes the workspaces. */
  onMembersChanged: () => void;
  /** The user left the organisation. */
  onLeft: () => Promise<void> | void;
}

/**
 * `/workspace/{id}/members` (spec section 2 members area): the members table; for Admins and the
 * Owner also role changes, removals, invitations and the activity log. Users see it read-only.
 */
export function MembersPage({
  workspaceId,
  organisationName,
  customerid,
  roles,
  onMembersChanged,
  onLeft,
}: MembersPageProps) {
  useDocumentTitle('Members · Herald Cloud');
  const members = useMembersQuery(workspaceId);
  const leave = useLeaveWorkspaceMutation(workspaceId);
  const [isLeaving, setLeaving] = useState(false);
  const self = members.data?.find((member) => member.customerid === customerid);
  const actorRoles = self?.roles ?? roles;
  const canManage = canManageMembers(actorRoles);
  const isOwner = actorRoles.includes('Owner');

  const table = (
    <Stack gap="xl">
      {members.isPending && <InlineLoader label="Loading members" />}
      {members.isError && (
        <LoadFailed
          title="Members could not be loaded"
          error={members.error}
          onRetry={() => members.refetch()}
        />
      )}
      {members.isSuccess &&
        (members.data.length === 0 ? (
          <Text c="dimmed">This organisation has no members.</Text>
        ) : (
          <MembersTable
            workspaceId={workspaceId}
            members={members.data}
            customerid={customerid}
            actorRoles={actorRoles}
            canManage={canManage}
            onMembersChanged={onMembersChanged}
          />
        ))}
      {canManage && (
        <>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              Invite a member
            </Title>
            <InviteForm workspaceId={workspaceId} />
          </Stack>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              Pending invitations
            </Title>
            <InvitesList workspaceId={workspaceId} />
          </Stack>
        </>
      )}
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>Members</Title>
          <Text c="dimmed">The people of {organisationName} and their roles.</Text>
        </Stack>
        {isOwner ? (
          <Tooltip label="Make another member the owner before leaving." multiline w={240}>
            <Button
              variant="default"
              data-disabled
              aria-disabled="true"
              aria-description="Make another member the owner before leaving."
              onClick={(event) => event.preventDefault()}
            >
              Leave organisation
            </Button>
          </Tooltip>
        ) : (
          <Button variant="default" c={DANGER_TEXT} onClick={() => setLeaving(true)}>
            Leave organisation
          </Button>
        )}
      </Group>
      {canManage ? (
        <Tabs defaultValue="members" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="members">Members</Tabs.Tab>
            <Tabs.Tab value="activity">Activity</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="members" pt="md">
            {table}
          </Tabs.Panel>
          <Tabs.Panel value="activity" pt="md">
            <ActivityLog workspaceId={workspaceId} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        table
      )}
      <ConfirmModal
        opened={isLeaving}
        title="Leave organisation"
        message={`Leave ${organisationName}? You lose access to its services until someone invites you again.`}
        confirmLabel="Leave organisation"
        loading={leave.isPending}
        onClose={() => setLeaving(false)}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: async () => {
              setLeaving(false);
              await onLeft();
            },
          })
        }
      />
    </Stack>
  );
}
