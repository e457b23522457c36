import { Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { UsagePeriod } from '@herald/contract/constants';
import type { UsagePoint } from '@herald/contract/usage/usage.schema';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { USAGE_CHART_HEIGHT } from '../utils/chart-size';
import { USAGE_PERIOD_PHRASES } from '../utils/usage-labels';
import { ChartBoundary } from '../../../components/chart-boundary';
import { UsageTable } from './usage-table';

// The chart library loads only with the first chart drawn (bundle budget).
const UsageChart = lazy(() => import('./usage-chart'));

export interface UsageChartCardProps {
  title: string;
  period: UsagePeriod;
  series: readonly UsagePoint[];
  /** The text summary: what the chart shows, in one sentence (its accessible form with the table). */
  summary: string;
  color: string;
  shape: 'bar' | 'area';
  /** Figures shown above the chart (total, peak, low). */
  figures?: ReactNode;
}

/**
 * One usage chart (spec section 3 "Usage metrics"): title, figures, a text summary, and the series drawn as a chart
 * or, with "Show as table", as a table.
 */
export function UsageChartCard({
  title,
  period,
  series,
  summary,
  color,
  shape,
  figures,
}: UsageChartCardProps) {
  const titleId = useId();
  const [isTable, setIsTable] = useState(false);
  const table = (
    <UsageTable
      period={period}
      series={series}
      caption={`${title} ${USAGE_PERIOD_PHRASES[period]}`}
      valueHeading={title}
    />
  );
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Switch
            size="sm"
            label="Show as table"
            checked={isTable}
            onChange={(event) => setIsTable(event.currentTarget.checked)}
          />
        </Group>
        {figures}
        <Text size="sm" c="dimmed" data-usage-summary={title}>
          {summary}
        </Text>
        {isTable ? (
          table
        ) : (
          <ChartBoundary fallback={table}>
            <Suspense fallback={<Skeleton height={USAGE_CHART_HEIGHT} radius="sm" />}>
              <UsageChart
                period={period}
                series={series}
                name={title}
                color={color}
                shape={shape}
              />
            </Suspense>
          </ChartBoundary>
        )}
      </Stack>
    </Card>
  );
}
