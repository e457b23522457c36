import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { UsagePeriod } from '@herald/contract/constants';
import type { UsagePoint } from '@herald/contract/usage/usage.schema';
import { formatCount } from '../../../lib/format/usage-format';
import { USAGE_CHART_HEIGHT } from '../utils/chart-size';
import { LEVEL_CURVE, axisTickInterval } from '../utils/usage-chart-axis';
import { axisLabel, tooltipLabel } from '../utils/usage-labels';

/*
 * The charts themselves: the only module that imports the chart library, loaded lazily (React.lazy) so neither the
 * first load nor the overview carries it (bundle budget, scripts/check-bundle-budget.mjs).
 */

export interface UsageChartProps {
  period: UsagePeriod;
  series: readonly UsagePoint[];
  /** The series' name in the tooltip, e.g. "Messages". */
  name: string;
  color: string;
  /** Bars for counts per step (messages), an area for levels over time (sessions, topics). */
  shape: 'bar' | 'area';
}

export function UsageChart({ period, series, name, color, shape }: UsageChartProps) {
  const data = series.map((point) => ({ timestamp: point.timestamp, [name]: point.value }));
  const common = {
    h: USAGE_CHART_HEIGHT,
    data,
    dataKey: 'timestamp',
    series: [{ name, color }],
    valueFormatter: (value: number) => formatCount(value),
    xAxisProps: {
      tickFormatter: (seconds: number) => axisLabel(period, seconds),
      interval: axisTickInterval(period),
      minTickGap: 16,
    },
    yAxisProps: { allowDecimals: false, width: 48 },
    // The exact time of the point under the pointer, in the user's time zone.
    tooltipProps: { labelFormatter: (label: unknown) => tooltipLabel(period, label) },
    tooltipAnimationDuration: 0,
    // The card's text summary and its table view are the accessible form of the chart; the drawing adds nothing
    // for a screen reader and takes no keyboard focus.
    accessibilityLayer: false,
  };
  return (
    <Box aria-hidden="true" data-usage-chart={name}>
      {shape === 'bar' ? (
        <BarChart {...common} />
      ) : (
        <AreaChart {...common} curveType={LEVEL_CURVE} withDots={false} />
      )}
    </Box>
  );
}

export default UsageChart;
