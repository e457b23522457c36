import { Anchor, Box, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/query-states';
import { useLogSources } from '../api/logs-api';
import { formatLogTime } from '../utils/log-format';

/** Logs → Kafka adapters without an id: the adapters that have written logs, each linking to its log. */
export function KafkaAdapterLogsList({ serviceId }: { serviceId: string }) {
  const sources = useLogSources(serviceId);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Kafka adapters
      </Title>
      {sources.isPending ? (
        <Box role="status" aria-busy="true">
          <VisuallyHidden>Loading the Kafka adapters</VisuallyHidden>
          <Stack gap="xs">
            {[0, 1].map((row) => (
              <Skeleton key={row} height={16} width={240} radius="xl" />
            ))}
          </Stack>
        </Box>
      ) : sources.isError ? (
        <LoadFailed
          title="The Kafka adapters could not be loaded"
          error={sources.error}
          onRetry={() => sources.refetch()}
        />
      ) : sources.data.kafkaAdapters.length === 0 ? (
        <Box py="lg">
          <Text fw={600}>No Kafka adapter has written logs yet</Text>
          <Text size="sm" c="dimmed">
            An adapter&apos;s log appears here once it writes its first entry.
          </Text>
        </Box>
      ) : (
        <Box component="ul" aria-label="Kafka adapters with logs" m={0} pl="md">
          {sources.data.kafkaAdapters.map((adapter) => (
            <li key={adapter.adapterId}>
              <Anchor
                component={Link}
                to={`/service/${encodeURIComponent(serviceId)}/logs/kafka/${encodeURIComponent(adapter.adapterId)}`}
              >
                {adapter.adapterId}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                (last entry {formatLogTime(adapter.lastLogAt)})
              </Text>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
