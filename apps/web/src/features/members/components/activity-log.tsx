import { Button, Stack, Table, Text } from '@mantine/core';
import type { AuditAction, AuditEntry } from '@herald/contract/members/member.schema';
import { useAuditLogQuery } from '../api/members-queries';
import { InlineLoader, LoadFailed } from '../../../components/query-states';

const ACTION_TEXT: Record<AuditAction, string> = {
  'workspace.created': 'Created the organisation',
  'workspace.renamed': 'Renamed the organisation',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the organisation',
  'member.joined': 'Joined the organisation',
  'invite.created': 'Sent an invitation',
  'invite.resent': 'Re-sent an invitation',
  'invite.revoked': 'Revoked an invitation',
  'invite.declined': 'Declined an invitation',
};

const at = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function detailText(entry: AuditEntry): string {
  const { from, to, role } = entry.details;
  if (typeof from === 'string' && typeof to === 'string') return `${from} → ${to}`;
  if (typeof role === 'string') return role;
  return '';
}

/** The audit trail of the organisation, newest first, with 'Load more' (Admins and the Owner). */
export function ActivityLog({ workspaceId }: { workspaceId: string }) {
  const log = useAuditLogQuery(workspaceId);

  if (log.isPending) {
    return <InlineLoader label="Loading activity" />;
  }
  if (log.isError) {
    return (
      <LoadFailed
        title="Activity could not be loaded"
        error={log.error}
        onRetry={() => log.refetch()}
      />
    );
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <Text c="dimmed">No activity yet.</Text>;

  return (
    <Stack gap="sm" align="flex-start">
      <Table.ScrollContainer minWidth={640} w="100%">
        <Table verticalSpacing="xs" aria-label="Activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Target</Table.Th>
              <Table.Th>From address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const detail = detailText(entry);
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td>{at.format(new Date(entry.at))}</Table.Td>
                  <Table.Td>{entry.actor.email ?? 'System'}</Table.Td>
                  <Table.Td>
                    {ACTION_TEXT[entry.action]}
                    {detail ? ` (${detail})` : ''}
                  </Table.Td>
                  <Table.Td>{entry.target ?? '—'}</Table.Td>
                  <Table.Td>{entry.ipAddress ?? '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.hasNextPage && (
        <Button
          variant="default"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}
