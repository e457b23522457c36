import { Box, Button, Group, Text } from '@mantine/core';
import type { LogEntry } from '@herald/contract/logs/logs.schema';
import { LoadFailed } from '../../../components/query-states';
import { LogEntryRow } from './log-entry-row';

export interface LogEntryListProps {
  entries: readonly LogEntry[];
  hasMore: boolean;
  isAppending: boolean;
  appendError: unknown;
  onLoadMore: () => void;
}

/** The entries, newest first, then "Load more" while older ones exist, or the end of the log. */
export function LogEntryList({
  entries,
  hasMore,
  isAppending,
  appendError,
  onLoadMore,
}: LogEntryListProps) {
  return (
    <Box>
      <Box component="ol" aria-label="Log entries" m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <LogEntryRow key={entry.id} entry={entry} />
        ))}
      </Box>
      {appendError !== null && (
        <Box mt="sm">
          <LoadFailed
            title="Older entries could not be loaded"
            error={appendError}
            onRetry={onLoadMore}
          />
        </Box>
      )}
      <Group justify="center" mt="sm">
        {hasMore ? (
          <Button
            variant="default"
            onClick={onLoadMore}
            loading={isAppending}
            disabled={isAppending}
          >
            Load more
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            No older entries
          </Text>
        )}
      </Group>
    </Box>
  );
}
