import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { NumericPoint } from '../utils/numeric-series';
import { formatTimeOfDay } from '../utils/relative-time';

/*
 * The chart itself: the only topics module that imports the chart library, loaded lazily (React.lazy) so the topic
 * browser does not carry it until a numeric topic is open (bundle budget, scripts/check-bundle-budget.mjs).
 */
export const TOPIC_CHART_HEIGHT = 140;

export function TopicValueChart({ points }: { points: readonly NumericPoint[] }) {
  return (
    // The text summary beside it is the accessible form; the drawing adds nothing for a screen reader.
    <Box aria-hidden="true" data-testid="topic-chart">
      <LineChart
        h={TOPIC_CHART_HEIGHT}
        data={points.map((point) => ({ receivedAt: point.receivedAt, Value: point.value }))}
        dataKey="receivedAt"
        series={[{ name: 'Value', color: 'blue.6' }]}
        curveType="linear"
        withDots={points.length <= 20}
        xAxisProps={{ tickFormatter: (time: number) => formatTimeOfDay(time), minTickGap: 24 }}
        yAxisProps={{ width: 48, domain: ['auto', 'auto'] }}
        tooltipProps={{ labelFormatter: (label: unknown) => formatTimeOfDay(Number(label)) }}
        tooltipAnimationDuration={0}
        accessibilityLayer={false}
      />
    </Box>
  );
}

export default TopicValueChart;
