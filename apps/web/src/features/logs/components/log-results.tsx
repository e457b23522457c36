import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { logSourceText } from '@herald/contract/logs/log-source';
import { LoadFailed } from '../../../components/query-states';
import { showToast } from '../../../lib/ui/toast';
import type { LogViewSource } from '../api/log-source';
import { useLogView } from '../hooks/use-log-view';
import { downloadTextFile } from '../utils/download-text-file';
import { hasLogFilters, type LogFilters } from '../utils/log-filters';
import { logEntriesText, logFileName } from '../utils/log-format';
import { LogEntryList } from './log-entry-list';
import { LogSkeleton } from './log-skeleton';

export interface LogResultsProps {
  source: LogViewSource;
  serviceName: string;
  filters: LogFilters;
  isLive: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
}

function entryCount(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'entry' : 'entries'}`;
}

/** The entries of one log for one set of filters, in the four states: loading, error, empty and data. */
export function LogResults(props: LogResultsProps) {
  const { source, serviceName, filters } = props;
  const view = useLogView(source, filters, props.isLive);
  const { logDetails, metadata, isLoading, isAppending } = view.logs;
  // Where the lines come from, in words, not the pod and container names (issue 25).
  const sourceText = logSourceText(metadata);

  const handleCopy = () => {
    navigator.clipboard.writeText(logEntriesText(logDetails)).then(
      () =>
        showToast({
          variant: 'success',
          title: 'Copied',
          message: `${entryCount(logDetails.length)} copied to the clipboard.`,
        }),
      () =>
        showToast({
          variant: 'danger',
          message: 'The entries could not be copied to the clipboard. Use Download instead.',
        }),
    );
  };
  const handleDownload = () =>
    downloadTextFile(logFileName(serviceName, source, Date.now()), logEntriesText(logDetails));

  if (isLoading) return <LogSkeleton />;
  if (view.loadError !== null)
    return (
      <LoadFailed
        title="The log could not be loaded"
        error={view.loadError}
        onRetry={props.onRetry}
      />
    );
  if (logDetails.length === 0) {
    const isFiltered = hasLogFilters(filters);
    return (
      <Box py="lg">
        <Text fw={600}>{isFiltered ? 'No entries match these filters' : 'No log entries yet'}</Text>
        {isFiltered ? (
          <Button variant="default" size="xs" mt="xs" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Entries appear here as they are written.
          </Text>
        )}
      </Box>
    );
  }
  return (
    <Box>
      <Group justify="space-between" align="flex-end" gap="xs" mb="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {entryCount(logDetails.length)} shown, newest first
          </Text>
          {sourceText !== null && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {sourceText}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={handleCopy}>
            Copy
          </Button>
          <Button size="xs" variant="default" onClick={handleDownload}>
            Download
          </Button>
        </Group>
      </Group>
      <LogEntryList
        entries={logDetails}
        hasMore={metadata.hasMoreLogs}
        isAppending={isAppending}
        appendError={view.appendError}
        onLoadMore={view.loadMore}
      />
    </Box>
  );
}
