import {
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { TimeSeriesEvent } from '@herald/contract/topics/topic.schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../components/query-states';
import { loadApi } from '../../../lib/api/load-api';
import { topicKeys } from '../api/topic-queries';

/** Rows shown at first and added by "Show more". */
export const EVENTS_PAGE_ROWS = 50;
/** Pages of the events call are up to 1,000 events; a time series keeps 1,000 by default (limit 1000). */
const EVENTS_CALL_LIMIT = 1000;
/** The most events the table reads: the retained range bounds a series, this bounds the browser. */
export const MAX_EVENTS_READ = 20_000;

/**
 * All retained events of a time series (the call pages forward from the oldest; the table shows the newest first,
 * so it reads every page, up to MAX_EVENTS_READ). Under the service's events key, so writes refresh it.
 */
export const allTimeSeriesEventsQuery = (serviceId: string, path: string) => ({
  queryKey: [...topicKeys.events(serviceId, path), 'all'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const { apiRequest, routes } = await loadApi();
    const events: TimeSeriesEvent[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await apiRequest(routes.getTimeSeriesEvents, {
        signal,
        params: { serviceId },
        query: { path, limit: EVENTS_CALL_LIMIT, ...(after !== undefined && { after }) },
      });
      events.push(...page.events);
      const last = page.events.at(-1);
      if (!page.hasMore || last === undefined || events.length >= MAX_EVENTS_READ) break;
      after = last.sequence;
    }
    return events.reverse();
  },
});

function eventValueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

function EventsSkeleton() {
  return (
    <Box role="status" aria-busy="true">
      <VisuallyHidden>Loading the events</VisuallyHidden>
      <Stack gap={8}>
        {[90, 80, 85, 70].map((width) => (
          <Skeleton key={width} height={14} width={`${width}%`} radius="xl" />
        ))}
      </Stack>
    </Box>
  );
}

/** A time series topic's events, newest first, with their sequence numbers, time and value. */
export function TimeSeriesEvents({ serviceId, path }: { serviceId: string; path: string }) {
  const query = useQuery(allTimeSeriesEventsQuery(serviceId, path));
  const [shown, setShown] = useState(EVENTS_PAGE_ROWS);

  if (query.isPending) return <EventsSkeleton />;
  if (query.isError) {
    return (
      <LoadFailed
        title="The events could not be loaded"
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  const events = query.data;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {events.length === 0
            ? 'No events yet.'
            : `${events.length.toLocaleString('en-US')} retained ${events.length === 1 ? 'event' : 'events'}, newest first.`}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {events.length > 0 && (
        <Table.ScrollContainer
          minWidth={320}
          // A phone scrolls the table sideways and it holds no control: the keyboard reaches it itself (axe
          // scrollable-region-focusable).
          scrollAreaProps={{
            viewportProps: {
              tabIndex: 0,
              role: 'region',
              'aria-label': `Events of ${path}, scrollable`,
            },
          }}
        >
          <Table fz="sm" striped aria-label={`Events of ${path}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sequence</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.slice(0, shown).map((event) => (
                <Table.Tr key={event.sequence}>
                  <Table.Td ff="monospace">{event.sequence}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Tooltip label={event.timestamp} withArrow>
                      <time dateTime={event.timestamp}>
                        {timeFormat.format(new Date(event.timestamp))}
                      </time>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {eventValueText(event.value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {events.length > shown && (
        <Group>
          <Button
            size="xs"
            variant="default"
            onClick={() => setShown((count) => count + EVENTS_PAGE_ROWS)}
          >
            Show more ({(events.length - shown).toLocaleString('en-US')} older)
          </Button>
        </Group>
      )}
    </Stack>
  );
}
