import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UsagePeriod } from '@herald/contract/constants';
import type { UsageMetrics } from '@herald/contract/usage/usage.schema';
import { BILLED_MESSAGES_NOTE, formatCount } from '../../../lib/format/usage-format';
import { messagesSummary, sessionsSummary, topicsSummary } from '../utils/usage-labels';
import { UsageChartCard } from './usage-chart-card';
import { UsageFigure } from './usage-figure';

/**
 * The three charts of section 3 "Usage metrics": messages (series; in, out and billed), sessions (series, peak, low), topics
 * (series, peak).
 */
export function UsageCharts({ period, metrics }: { period: UsagePeriod; metrics: UsageMetrics }) {
  const { messages, sessions, topics } = metrics;
  return (
    <Stack gap="md">
      <UsageChartCard
        title="Messages"
        period={period}
        series={messages.series}
        summary={messagesSummary(period, messages, messages.series)}
        color="indigo.6"
        shape="bar"
        figures={
          <Stack gap={4}>
            <Group gap="xl">
              <UsageFigure label="In (published)" value={formatCount(messages.published)} />
              <UsageFigure label="Out (delivered)" value={formatCount(messages.delivered)} />
              <UsageFigure label="Billed" value={formatCount(messages.total)} />
            </Group>
            <Text size="sm">{BILLED_MESSAGES_NOTE}</Text>
          </Stack>
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <UsageChartCard
          title="Sessions"
          period={period}
          series={sessions.series}
          summary={sessionsSummary(period, sessions.peak, sessions.low)}
          color="teal.7"
          shape="area"
          figures={
            <Group gap="xl">
              <UsageFigure label="Peak" value={formatCount(sessions.peak)} />
              <UsageFigure label="Low" value={formatCount(sessions.low)} />
            </Group>
          }
        />
        <UsageChartCard
          title="Topics"
          period={period}
          series={topics.series}
          summary={topicsSummary(period, topics.peak)}
          color="orange.7"
          shape="area"
          figures={<UsageFigure label="Peak" value={formatCount(topics.peak)} />}
        />
      </SimpleGrid>
    </Stack>
  );
}
