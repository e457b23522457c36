import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { METRICS_AGE_TICK_MS } from '@herald/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { liveMetricsQueryOptions } from '../../../lib/queries/service-queries';
import { useNow } from '../../../lib/ui/use-now';
import { LabelledFigure } from '../../../components/labelled-figure';
import { InlineLoader, LoadFailed } from '../../../components/query-states';

/**
 * Live metrics (spec section 3): sessions, topics and topic capacity, polled every 15 s, with the
 * age of the figures counted up every second (section 9).
 */
export function LiveMetricsCard({ serviceId }: { serviceId: string }) {
  // Live figures: fetched again whenever the card mounts, not only every 15 s.
  const query = useQuery({ ...liveMetricsQueryOptions(serviceId), staleTime: 0 });
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="live-metrics-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="live-metrics-title">
            Live metrics
          </Title>
          {query.data !== undefined && <MetricsAge updatedAt={query.dataUpdatedAt} />}
        </Group>
        {query.isPending ? (
          <InlineLoader label="Loading live metrics" />
        ) : query.isError ? (
          <LoadFailed
            title="Live metrics could not be loaded"
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <LabelledFigure label="Sessions" value={String(query.data.sessions)} />
            <LabelledFigure label="Topics" value={String(query.data.topics)} />
            <LabelledFigure
              label="Topic capacity"
              value={`${query.data.topics} / ${query.data.topicsCapacity}`}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

function MetricsAge({ updatedAt }: { updatedAt: number }) {
  const now = useNow(METRICS_AGE_TICK_MS);
  const seconds = Math.max(0, Math.floor((now - updatedAt) / 1000));
  return (
    <Text size="xs" c="dimmed">
      Updated {seconds} s ago
    </Text>
  );
}
