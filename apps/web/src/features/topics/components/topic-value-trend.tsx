import { Skeleton, Stack, Text } from '@mantine/core';
import type { TopicProperties, TopicType } from '@herald/contract/topics/topic.schema';
import { lazy, Suspense } from 'react';
import type { LiveValue } from '../hooks/live-value-store';
import { numericSeries } from '../utils/numeric-series';

const TopicValueChart = lazy(() => import('./topic-value-chart'));
/** The chart's height (topic-value-chart.tsx), repeated so the skeleton does not load the chart module. */
const CHART_HEIGHT = 140;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/**
 * A small chart of a numeric topic's recent values (issue 25 item 17), with the same in words for a screen reader
 * and as the chart's text. Shows nothing until two numeric values arrived, and for values that are not numbers.
 */
export function TopicValueTrend({
  type,
  properties,
  history,
}: {
  type: TopicType;
  properties: TopicProperties;
  history: readonly LiveValue[];
}) {
  const points = numericSeries(type, properties, history);
  if (points === null) return null;
  const values = points.map((point) => point.value);
  const summary = `${points.length} values, from ${numberFormat.format(values[0]!)} to ${numberFormat.format(values.at(-1)!)} (lowest ${numberFormat.format(Math.min(...values))}, highest ${numberFormat.format(Math.max(...values))}).`;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Trend
      </Text>
      <Text size="xs" c="dimmed" data-testid="topic-chart-summary">
        {summary}
      </Text>
      <Suspense fallback={<Skeleton height={CHART_HEIGHT} radius="sm" aria-hidden="true" />}>
        <TopicValueChart points={points} />
      </Suspense>
    </Stack>
  );
}
