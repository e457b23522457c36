import {
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { UsagePeriod } from '@herald/contract/constants';
import { isUsagePeriod } from '@herald/contract/usage/usage-periods';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/query-states';
import { formatBytes, USAGE_PERIOD_CHOICES } from '../../../lib/format/usage-format';
import { usageViewQueryOptions } from '../../../lib/queries/usage-queries';
import { rangeLabel } from '../utils/usage-labels';
import { UsageFigure } from './usage-figure';
import { UsageCharts } from './usage-charts';
import { UsageSkeleton } from './usage-skeleton';

/** Section 9: the default view is the weekly summary. */
const DEFAULT_PERIOD: UsagePeriod = 'isoWeek';

/** The period in the URL (`?period=hour`), so a view can be shared and survives a reload. */
function usePeriodParam(): [UsagePeriod, (period: UsagePeriod) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('period');
  const period = raw !== null && isUsagePeriod(raw) ? raw : DEFAULT_PERIOD;
  const setPeriod = (next: UsagePeriod) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_PERIOD) params.delete('period');
        else params.set('period', next);
        return params;
      },
      { replace: true },
    );
  return [period, setPeriod];
}

/**
 * Usage metrics of one service (spec sections 2, 3, 4 and 9, `/service/{serviceId}/metrics`): a period picker, the
 * bytes total, and charts of messages, sessions and topics. The hourly view refreshes every 60 s while shown.
 */
export function UsagePage({ serviceId, serviceName }: { serviceId: string; serviceName: string }) {
  useDocumentTitle(`Usage · ${serviceName} · Herald Cloud`);
  const [period, setPeriod] = usePeriodParam();
  const query = useQuery(usageViewQueryOptions(serviceId, period));
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={1}>Usage</Title>
        <PeriodPicker period={period} onChange={setPeriod} />
      </Stack>
      {query.isPending ? (
        <UsageSkeleton />
      ) : query.isError ? (
        <LoadFailed
          title="Usage could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Card withBorder radius="md" component="section" aria-label="Period and data">
            <Group justify="space-between" align="flex-end" gap="md">
              <UsageFigure
                label="Data in and out"
                value={formatBytes(query.data.metrics.bytesTotal)}
              />
              <Text size="sm" c="dimmed">
                {rangeLabel(period, query.data.range)}
              </Text>
            </Group>
          </Card>
          <UsageCharts period={period} metrics={query.data.metrics} />
        </Stack>
      )}
    </Stack>
  );
}

/** Segments where they fit; a select on a phone, where five segments would not. */
function PeriodPicker({
  period,
  onChange,
}: {
  period: UsagePeriod;
  onChange: (period: UsagePeriod) => void;
}) {
  const labelId = useId();
  const isNarrow = useMatches({ base: true, sm: false });
  const handleChange = (value: string) => {
    if (isUsagePeriod(value)) onChange(value);
  };
  if (isNarrow) {
    return (
      <NativeSelect
        label="Period"
        value={period}
        data={USAGE_PERIOD_CHOICES.map((choice) => ({ ...choice }))}
        onChange={(event) => handleChange(event.currentTarget.value)}
        maw={240}
      />
    );
  }
  return (
    <Group gap="sm">
      <VisuallyHidden id={labelId}>Period</VisuallyHidden>
      <SegmentedControl
        aria-labelledby={labelId}
        value={period}
        data={USAGE_PERIOD_CHOICES.map((choice) => ({ ...choice }))}
        onChange={handleChange}
      />
    </Group>
  );
}
