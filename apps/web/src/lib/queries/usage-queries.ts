import { HOURLY_USAGE_REFRESH_MS, type UsagePeriod } from '@herald/contract/constants';
import { usagePeriodRange, type UsageRange } from '@herald/contract/usage/usage-periods';
import {
  usageMetricsFromItems,
  usageRequests,
  usageSummaryFromItems,
  usageSummaryRequests,
  type UsageRequest,
  type UsageSummary,
} from '@herald/contract/usage/usage-screen';
import type { UsageItem, UsageMetrics } from '@herald/contract/usage/usage.schema';
import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../api/load-api';
import { serviceKeys } from './service-queries';

/*
 * Usage queries (spec sections 3, 4 and 9), shared by the usage screen and the overview's usage section. The range
 * is computed when the query runs, not when it is declared, so each refetch of the hourly view asks for the hour
 * that ends now.
 */

export const usageKeys = {
  all: (serviceId: string) => [...serviceKeys.detail(serviceId), 'usage'] as const,
  metrics: (serviceId: string, period: UsagePeriod) =>
    [...usageKeys.all(serviceId), 'metrics', period] as const,
  summary: (serviceId: string, period: UsagePeriod) =>
    [...usageKeys.all(serviceId), 'summary', period] as const,
};

/** The range of `period` at `now` in the user's time zone (the browser's UTC offset at that moment). */
export function usageRangeAt(period: UsagePeriod, now: Date = new Date()): UsageRange {
  return usagePeriodRange(period, now, -now.getTimezoneOffset());
}

/** The calls of one view, in parallel; their items in one list. */
async function fetchUsageItems(
  serviceId: string,
  requests: readonly UsageRequest[],
  signal: AbortSignal,
): Promise<UsageItem[]> {
  const { apiRequest, routes } = await loadApi();
  const answers = await Promise.all(
    requests.map((query) =>
      apiRequest(routes.getUsage, { signal, params: { serviceId }, query: { ...query } }),
    ),
  );
  return answers.flat();
}

export interface UsageView {
  range: UsageRange;
  metrics: UsageMetrics;
}

/**
 * The usage screen's figures and series for one period. The hourly view refetches every 60 s while it is shown
 * (section 4); leaving the screen or switching period leaves this query without observers, which stops it.
 */
export const usageViewQueryOptions = (serviceId: string, period: UsagePeriod) =>
  queryOptions({
    queryKey: usageKeys.metrics(serviceId, period),
    queryFn: async ({ signal }): Promise<UsageView> => {
      const range = usageRangeAt(period);
      const items = await fetchUsageItems(serviceId, usageRequests(range), signal);
      return { range, metrics: usageMetricsFromItems(items, range) };
    },
    refetchInterval: period === 'hour' ? HOURLY_USAGE_REFRESH_MS : false,
  });

/** The totals only (the overview's usage section: the weekly summary by default). */
export const usageSummaryQueryOptions = (serviceId: string, period: UsagePeriod) =>
  queryOptions({
    queryKey: usageKeys.summary(serviceId, period),
    queryFn: async ({ signal }): Promise<UsageSummary> => {
      const range = usageRangeAt(period);
      const items = await fetchUsageItems(serviceId, usageSummaryRequests(range), signal);
      return usageSummaryFromItems(items);
    },
    refetchInterval: period === 'hour' ? HOURLY_USAGE_REFRESH_MS : false,
    // Section 8: the weekly summary swallows errors; it is a side figure, not worth retrying.
    retry: false,
  });
