import type { UsagePoint } from './usage-periods';
import { zeroFilledSeries } from './usage-periods';
import type { UsageMetric, UsageQueryType } from './usage.schema';

/**
 * What the usage API answers, as pure rules over stored buckets (docs/decisions/022). The database metrics store
 * answers with these (or SQL that matches them, tested against them); the Prometheus store answers the same
 * questions in PromQL.
 *
 * Counters (billed_messages_total, messages_in_total, adapter_billed_messages_total, bytes_total) are stored as the increase within each bucket; gauges (sessions,
 * topics) as the highest and lowest value seen within it.
 */
export type UsageMetricKind = 'counter' | 'gauge';

export const USAGE_METRIC_KINDS = {
  billed_messages_total: 'counter',
  messages_in_total: 'counter',
  adapter_billed_messages_total: 'counter',
  bytes_total: 'counter',
  sessions: 'gauge',
  topics: 'gauge',
} as const satisfies Record<UsageMetric, UsageMetricKind>;

/** One stored interval of one service's usage: [start, start + seconds), unix seconds. */
export interface UsageBucket {
  start: number;
  seconds: number;
  billedMessages: number;
  /** Messages published by clients (the "in" part of the billed messages). */
  messagesIn: number;
  /** The part of the billed messages that the service's adapters caused (the free trial's adapter cap, section 9). */
  adapterBilledMessages: number;
  bytes: number;
  sessionsMax: number;
  sessionsMin: number;
  topicsMax: number;
  topicsMin: number;
}

/** The value of one bucket for one metric: a counter's increase, or a gauge's highest or lowest value. */
export function bucketValue(
  bucket: UsageBucket,
  metric: UsageMetric,
  take: 'max' | 'min' = 'max',
): number {
  switch (metric) {
    case 'billed_messages_total':
      return bucket.billedMessages;
    case 'messages_in_total':
      return bucket.messagesIn;
    case 'adapter_billed_messages_total':
      return bucket.adapterBilledMessages;
    case 'bytes_total':
      return bucket.bytes;
    case 'sessions':
      return take === 'max' ? bucket.sessionsMax : bucket.sessionsMin;
    case 'topics':
      return take === 'max' ? bucket.topicsMax : bucket.topicsMin;
  }
}

export interface UsageWindow {
  /** Unix seconds, inclusive. */
  from: number;
  /** Unix seconds, exclusive. */
  to: number;
  /** Seconds per series step (histograms; and the steps a counter's peak and low compare). */
  step: number;
}

/**
 * The series step when the caller names none: a minute up to two hours, an hour up to four days, else a day
 * (at most a few hundred points, whatever the range).
 */
export function defaultUsageStep(from: number, to: number): number {
  const span = to - from;
  if (span <= 2 * 3600) return 60;
  if (span <= 4 * 86_400) return 3600;
  return 86_400;
}

/**
 * One answer of the usage API for one metric over the buckets that start inside [from, to):
 * - counter: `sum` and `increase` are the total increase; `histogram` the increase per step (zero-filled); `peak`
 *   and `low` the largest and smallest increase of any step of the range.
 * - gauge: `peak` and `low` the highest and lowest value seen (0 when nothing was recorded); `histogram` the peak
 *   per step (zero-filled); `increase` the last bucket's value minus the first's; `sum` the sum of the per-minute
 *   peaks (session-minutes: what a Prometheus `sum_over_time` of a 60-second scrape answers).
 */
export function aggregateUsage(
  metric: UsageMetric,
  queryType: UsageQueryType,
  buckets: readonly UsageBucket[],
  window: UsageWindow,
): number | UsagePoint[] {
  const inRange = buckets
    .filter((bucket) => bucket.start >= window.from && bucket.start < window.to)
    .sort((a, b) => a.start - b.start);
  const range = { from: window.from, to: window.to, stepSeconds: window.step };
  const kind = USAGE_METRIC_KINDS[metric];
  if (kind === 'counter') {
    const perStep = zeroFilledSeries(
      inRange.map((bucket) => ({ timestamp: bucket.start, value: bucketValue(bucket, metric) })),
      range,
    );
    switch (queryType) {
      case 'sum':
      case 'increase':
        return inRange.reduce((total, bucket) => total + bucketValue(bucket, metric), 0);
      case 'histogram':
        return perStep;
      case 'peak':
        return perStep.reduce((highest, point) => Math.max(highest, point.value), 0);
      case 'low':
        // reduce, not Math.min(...): a long minute-step range overflows the call stack when spread.
        return perStep.length === 0
          ? 0
          : perStep.reduce((lowest, point) => Math.min(lowest, point.value), Infinity);
    }
  }
  switch (queryType) {
    case 'peak':
      return inRange.reduce(
        (highest, bucket) => Math.max(highest, bucketValue(bucket, metric, 'max')),
        0,
      );
    case 'low':
      return inRange.length === 0
        ? 0
        : inRange.reduce(
            (lowest, bucket) => Math.min(lowest, bucketValue(bucket, metric, 'min')),
            Infinity,
          );
    case 'increase': {
      const first = inRange[0];
      const last = inRange[inRange.length - 1];
      return first && last ? bucketValue(last, metric) - bucketValue(first, metric) : 0;
    }
    case 'sum':
      return inRange.reduce(
        (total, bucket) =>
          total + bucketValue(bucket, metric) * Math.max(1, Math.round(bucket.seconds / 60)),
        0,
      );
    case 'histogram':
      return peakPerStep(inRange, metric, range);
  }
}

function peakPerStep(
  buckets: readonly UsageBucket[],
  metric: UsageMetric,
  range: { from: number; to: number; stepSeconds: number },
): UsagePoint[] {
  const series = zeroFilledSeries([], range);
  for (const bucket of buckets) {
    const index = Math.floor((bucket.start - range.from) / range.stepSeconds);
    const point = series[index];
    if (point) point.value = Math.max(point.value, bucketValue(bucket, metric, 'max'));
  }
  return series;
}

/** A counter's last reading, with the start time of the process that counted (a new one starts from zero). */
export interface CounterReading {
  value: number;
  /** Unix seconds when the runtime process started. */
  startedAt: number;
}

/**
 * How much a counter rose since the previous reading (Prometheus counter semantics): a reading from a restarted
 * runtime (another start time, or a value lower than before) counts from zero; no previous reading counts the whole
 * value only when `countFirst` (a runtime we never saw: its count so far is new usage), else nothing.
 */
export function counterIncrease(
  previous: CounterReading | null,
  current: CounterReading,
  countFirst = true,
): number {
  if (!previous) return countFirst ? current.value : 0;
  if (current.startedAt !== previous.startedAt || current.value < previous.value)
    return current.value;
  return current.value - previous.value;
}
