import {
  Anchor,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { UsagePeriod } from '@herald/contract/constants';
import { isUsagePeriod } from '@herald/contract/usage/usage-periods';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LabelledFigure } from '../../../components/labelled-figure';
import {
  BILLED_MESSAGES_NOTE,
  formatBytes,
  formatCount,
  USAGE_PERIOD_CHOICES,
} from '../../../lib/format/usage-format';
import { usageSummaryQueryOptions } from '../../../lib/queries/usage-queries';

const DASH = '–';

/**
 * Usage totals on the overview, by default the weekly summary (section 9). Section 8: the weekly summary swallows
 * errors, so a failure shows dashes and one quiet sentence, never an error alert or a toast. No chart here: the
 * overview stays light, the usage screen has the charts.
 */
export function UsageSummaryCard({ serviceId }: { serviceId: string }) {
  const [period, setPeriod] = useState<UsagePeriod>('isoWeek');
  const query = useQuery(usageSummaryQueryOptions(serviceId, period));
  const summary = query.data;
  const value = (
    format: (value: number) => string,
    pick: (data: NonNullable<typeof summary>) => number,
  ) => (summary === undefined ? DASH : format(pick(summary)));
  const usageLink = `/service/${serviceId}/metrics${period === 'isoWeek' ? '' : `?period=${period}`}`;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="usage-summary-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={2} size="h4" id="usage-summary-title">
            Usage
          </Title>
          <NativeSelect
            size="xs"
            aria-label="Usage period"
            value={period}
            data={USAGE_PERIOD_CHOICES.map((choice) => ({ ...choice }))}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isUsagePeriod(next)) setPeriod(next);
            }}
          />
        </Group>
        {query.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading usage">
            <SimpleGrid cols={{ base: 2, xs: 3 }}>
              {[0, 1, 2, 3, 4, 5].map((figure) => (
                <Stack key={figure} gap={6}>
                  <Skeleton height={10} width="60%" radius="xl" />
                  <Skeleton height={24} width="50%" radius="sm" />
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3 }}>
            <Figure
              label="Messages in"
              value={value(formatCount, (data) => data.messagesPublished)}
            />
            <Figure
              label="Messages out"
              value={value(formatCount, (data) => data.messagesDelivered)}
            />
            <Figure label="Messages billed" value={value(formatCount, (data) => data.messages)} />
            <Figure label="Data" value={value(formatBytes, (data) => data.bytes)} />
            <Figure label="Sessions peak" value={value(formatCount, (data) => data.sessionsPeak)} />
            <Figure label="Topics peak" value={value(formatCount, (data) => data.topicsPeak)} />
          </SimpleGrid>
        )}
        <Text size="sm" c="dimmed">
          {BILLED_MESSAGES_NOTE}
        </Text>
        {query.isError && (
          <Text size="sm" c="dimmed">
            Usage is not available right now.
          </Text>
        )}
        <Anchor component={Link} to={usageLink} size="sm">
          View usage
        </Anchor>
      </Stack>
    </Card>
  );
}

/** A usage figure, found by e2e through `data-usage-figure` like the usage screen's. */
function Figure({ label, value }: { label: string; value: string }) {
  return <LabelledFigure label={label} value={value} size="lg" data-usage-figure={label} />;
}
