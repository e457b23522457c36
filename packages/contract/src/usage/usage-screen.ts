import { USAGE_MESSAGES } from '../messages';
import type { UsageRange } from './usage-periods';
import { zeroFilledSeries } from './usage-periods';
import {
  USAGE_METRIC_TYPES,
  usageMetricType,
  type UsageItem,
  type UsageMetric,
  type UsageMetrics,
  type UsageQueryType,
} from './usage.schema';

/** One GET /v3/service/{id}/usage call, as query parameters. */
export interface UsageRequest {
  queryType: UsageQueryType;
  from: number;
  to: number;
  metrics: string;
  customStep?: number;
}

/**
 * The calls behind one usage view over `range` (section 3 "Usage metrics": messages series and total, sessions
 * series, peak and low, topics series and peak, bytes total): four calls, one per query type, each naming its
 * metrics. The histogram's step is the range's step, so each series has one point per step.
 */
export function usageRequests(range: UsageRange): UsageRequest[] {
  const base = { from: range.from, to: range.to };
  return [
    { ...base, queryType: 'sum', metrics: 'billed_messages_total,messages_in_total,bytes_total' },
    { ...base, queryType: 'peak', metrics: 'sessions,topics' },
    { ...base, queryType: 'low', metrics: 'sessions' },
    {
      ...base,
      queryType: 'histogram',
      metrics: 'billed_messages_total,sessions,topics',
      customStep: range.stepSeconds,
    },
  ];
}

/** Only the totals (the weekly summary and the overview's figures): no series. */
export function usageSummaryRequests(range: UsageRange): UsageRequest[] {
  return usageRequests(range).filter((request) => request.queryType !== 'histogram');
}

function findItem(items: readonly UsageItem[], metricType: string): UsageItem {
  const item = items.find((candidate) => candidate.metricType === metricType);
  if (!item) throw new Error(USAGE_MESSAGES.noMetric(metricType));
  return item;
}

function valueOf(items: readonly UsageItem[], metricType: string): number {
  const { value } = findItem(items, metricType);
  if (value === undefined) throw new Error(USAGE_MESSAGES.noMetricValue(metricType));
  return value;
}

function seriesOf(items: readonly UsageItem[], metricType: string, range: UsageRange) {
  const { valueList } = findItem(items, metricType);
  if (valueList === undefined) throw new Error(USAGE_MESSAGES.noMetricValue(metricType));
  return zeroFilledSeries(valueList, range);
}

const topicsHistogram = usageMetricType('topics' satisfies UsageMetric, 'histogram');

/**
 * Billed messages are the messages clients published (in) plus the messages delivered to clients (out), the
 * runtime's own `$SYS/` information excluded (docs/decisions/022): so what was delivered is the billed count less
 * what was published. Both sums cover the same scrapes; a negative difference can only come from a store that lost
 * one of them, and reads 0.
 */
export function messagesInAndOut(billed: number, published: number) {
  return { published, delivered: Math.max(0, billed - published) };
}

/**
 * The usage view's figures from the answers of `usageRequests` (all items in one list). Series are zero-filled at
 * each step of `range` (section 9). A missing item throws 'No metric {type} found'; an item without its value
 * 'No metric {type} value found' (section 8).
 */
export function usageMetricsFromItems(
  items: readonly UsageItem[],
  range: UsageRange,
): UsageMetrics {
  return {
    messages: {
      series: seriesOf(items, USAGE_METRIC_TYPES.billedMessagesHistogram, range),
      total: valueOf(items, USAGE_METRIC_TYPES.billedMessagesSum),
      ...messagesInAndOut(
        valueOf(items, USAGE_METRIC_TYPES.billedMessagesSum),
        valueOf(items, USAGE_METRIC_TYPES.messagesInSum),
      ),
    },
    sessions: {
      series: seriesOf(items, USAGE_METRIC_TYPES.sessionsHistogram, range),
      peak: valueOf(items, USAGE_METRIC_TYPES.sessionsPeak),
      low: valueOf(items, USAGE_METRIC_TYPES.sessionsLow),
    },
    topics: {
      series: seriesOf(items, topicsHistogram, range),
      peak: valueOf(items, USAGE_METRIC_TYPES.topicsPeak),
    },
    bytesTotal: valueOf(items, USAGE_METRIC_TYPES.bytesSum),
  };
}

/** The totals only (from `usageSummaryRequests`). */
export interface UsageSummary {
  /** Billed messages: `messagesPublished` plus `messagesDelivered`. */
  messages: number;
  messagesPublished: number;
  messagesDelivered: number;
  bytes: number;
  sessionsPeak: number;
  sessionsLow: number;
  topicsPeak: number;
}

export function usageSummaryFromItems(items: readonly UsageItem[]): UsageSummary {
  const billed = valueOf(items, USAGE_METRIC_TYPES.billedMessagesSum);
  const { published, delivered } = messagesInAndOut(
    billed,
    valueOf(items, USAGE_METRIC_TYPES.messagesInSum),
  );
  return {
    messages: billed,
    messagesPublished: published,
    messagesDelivered: delivered,
    bytes: valueOf(items, USAGE_METRIC_TYPES.bytesSum),
    sessionsPeak: valueOf(items, USAGE_METRIC_TYPES.sessionsPeak),
    sessionsLow: valueOf(items, USAGE_METRIC_TYPES.sessionsLow),
    topicsPeak: valueOf(items, USAGE_METRIC_TYPES.topicsPeak),
  };
}
