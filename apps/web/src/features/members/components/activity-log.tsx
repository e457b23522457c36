import { Button, Stack, Table, Text } from '@mantine/core';
import { auditSentence } from '@herald/contract/members/audit-sentence';
import { useAuditLogQuery } from '../api/members-queries';
import { InlineLoader, LoadFailed } from '../../../components/query-states';
import classes from '../../../components/stacked-table.module.css';
import { formatDateTime } from '../../../lib/format/date-time-format';

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
      <Table.ScrollContainer minWidth={640} w="100%" className={classes.scroll}>
        <Table verticalSpacing="xs" className={classes.table} aria-label="Activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>From address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {/* The sentence names the target, so it needs no column of its own. */}
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td data-label="When">{formatDateTime(entry.at)}</Table.Td>
                <Table.Td data-label="Who">{entry.actor.email ?? 'System'}</Table.Td>
                <Table.Td data-label="What">{auditSentence(entry)}</Table.Td>
                <Table.Td data-label="From address">{entry.ipAddress ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
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
