import type { UsageMetric } from '@herald/contract/usage/usage.schema';

/**
 * PromQL for the usage API (docs/decisions/022), built so that Prometheus answers what contract usage-aggregate.ts
 * answers over the database store's minute buckets.
 *
 * Every expression is a subquery on a one-minute grid aligned to the epoch (Prometheus aligns subquery steps to
 * multiples of the step). The grid point p stands for the minute bucket [p - 60 s, p): a scrape counts in the minute
 * that contains its timestamp, as the database store files a scrape in the minute row containing its time. A window
 * of buckets [from, to) is therefore the grid points in [from + 60, to + 60): evaluated at `to + 60 s - 1 ms` over a
 * subquery range of `to - from` less 1 ms (subquery points start at the first aligned instant at or after
 * `time - range`).
 *
 * Counters: per series and bucket, the last sample in the bucket minus the last one before it — exact, unlike
 * `increase()`, which extrapolates to the window's edges. Summed over the grid it telescopes to the exact increase.
 * A runtime that restarts gets a new HTTP port, hence a new target and a new series; a series that appears (or a
 * counter that went down) counts its whole value, but only while the process that reports it started less than
 * FRESH_PROCESS_SECONDS ago (herald_runtime_start_time_seconds); otherwise (a long-running runtime seen for the first
 * time, or again after a long gap: failed scrapes write staleness markers, Prometheus itself may be down) only what
 * it counted within the bucket, never its whole value twice. The previous value is the last real sample within five
 * minutes (`last_over_time` skips staleness markers), so short gaps lose nothing.
 *
 * Where Prometheus still differs from the database store: the usage between a runtime's last scrape and its stop is
 * lost (both stores scrape; neither sees it); after a gap longer than five minutes in a long-running runtime's
 * series, the usage during the gap is not counted (the database store counts it at the next scrape), nor is the
 * count a long-running runtime had reached when Prometheus first saw it (the database store counts it whole); a runtime
 * restarted on the very same port within five minutes that counts past its predecessor's last value in its first
 * minute is under-counted by the predecessor's value.
 */

/** Seconds after its start during which a process's first appearance counts its whole value. */
export const FRESH_PROCESS_SECONDS = 360;

const SERIES_NAMES = {
  billed_messages_total: 'herald_billed_messages_total',
  messages_in_total: 'herald_messages_in_total',
  adapter_billed_messages_total: 'herald_adapter_billed_messages_total',
  bytes_total: 'herald_bytes_total',
  sessions: 'herald_sessions',
  topics: 'herald_topics',
} as const satisfies Record<UsageMetric, string>;

export const START_TIME_SERIES = 'herald_runtime_start_time_seconds';

/** PromQL string literal (double-quoted; backslash, quote and newline escaped). */
export function promqlString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * The series of one service: the target label the provisioner's service discovery sets (service_id) and the label
 * the runtime itself exports (service), so a stale target whose port another service's runtime took since never
 * answers for the wrong service.
 */
export function serviceSelector(serviceId: string, serviceName: string): string {
  return `{service_id=${promqlString(serviceId)},service=${promqlString(serviceName)}}`;
}

/** The range selector of one bucket ending just before the grid point: [p - bucket, p - 1 ms]. */
function inBucket(bucketSeconds: number): string {
  return `[${bucketSeconds * 1000 - 1}ms] offset 1ms`;
}

/** The increase of a counter within each bucket, per series (see above). */
function counterBucketIncrease(
  metric: UsageMetric,
  selector: string,
  bucketSeconds: number,
): string {
  const series = `${SERIES_NAMES[metric]}${selector}`;
  // Range selectors skip staleness markers: a runtime that stopped within the bucket still has its last reading.
  const current = `last_over_time(${series}${inBucket(bucketSeconds)})`;
  const previous = `last_over_time(${series}[5m] offset ${bucketSeconds * 1000 + 1}ms)`;
  const startTime = `last_over_time(${START_TIME_SERIES}${selector}${inBucket(bucketSeconds)})`;
  // Started within the bucket or shortly before it (FRESH_PROCESS_SECONDS for a one-minute bucket).
  const freshProcess = `(${startTime} > time() - ${FRESH_PROCESS_SECONDS - 60 + bucketSeconds})`;
  // A counter only rises within a process, so its lowest reading in the bucket is its first one there.
  const firstInBucket = `min_over_time(${series}${inBucket(bucketSeconds)})`;
  // Summed by instance: the two branches' series differ only by the metric name, which the outer aggregation needs
  // gone (one series per runtime process).
  return `sum by (instance) ((${current} - ${previous}) >= 0 or (${current} and on(instance) ${freshProcess}) or (${current} - ${firstInBucket}))`;
}

/** The highest (or lowest) value of a gauge within each bucket, over every series of the service. */
function gaugeBucket(
  metric: UsageMetric,
  selector: string,
  take: 'max' | 'min',
  bucketSeconds = 60,
): string {
  return `${take}(${take}_over_time(${SERIES_NAMES[metric]}${selector}${inBucket(bucketSeconds)}))`;
}

/** The subquery range covering the buckets of a window `seconds` long (see the evaluation time above). */
function windowRange(seconds: number, bucketSeconds: number): string {
  return `${seconds * 1000 - 1}ms:${bucketSeconds}s`;
}

/** Evaluation time (unix seconds, ms precision) of the window of buckets that ends (exclusive) at `to`. */
export function evaluationTime(to: number, bucketSeconds = 60): string {
  return (to + bucketSeconds - 0.001).toFixed(3);
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/**
 * The bucket to evaluate `aggregate` on for a window whose bounds (and step) are `bounds`: up to an hour when they
 * all fall on such a boundary, for a gauge's peak and low (the same over the minutes of an hour as over the hour, and
 * a month is 43,200 minute buckets but 720 hours: measured in bench/prometheus-usage-query.ts). Counters stay on
 * minutes: a counter reset inside a longer bucket on the same series (a runtime restarted on the port of its
 * predecessor) would lose the predecessor's part; session-minutes and a gauge's first and last bucket are minutes.
 */
export function bucketSecondsFor(aggregate: PromqlAggregate, bounds: readonly number[]): number {
  if (aggregate !== 'gauge-peak' && aggregate !== 'gauge-low') return 60;
  if (bounds.some((bound) => bound % 60 !== 0)) return 60;
  const minutes = bounds.reduce((divisor, bound) => greatestCommonDivisor(divisor, bound / 60), 60);
  return 60 * minutes;
}

export type PromqlAggregate =
  | 'counter-total'
  | 'gauge-peak'
  | 'gauge-low'
  | 'gauge-minute-sum'
  | 'gauge-last'
  | 'gauge-first-time';

/**
 * One value over a window of `seconds` of buckets, evaluated at evaluationTime(window end):
 * - counter-total: the counter's increase over the window (sum, increase; and one step of a histogram);
 * - gauge-peak / gauge-low: the highest / lowest value seen;
 * - gauge-minute-sum: the sum of the minute peaks (session-minutes);
 * - gauge-last: the last bucket's peak; gauge-first-time: the grid time of the first bucket that has a value.
 */
export function windowQuery(
  metric: UsageMetric,
  aggregate: PromqlAggregate,
  selector: string,
  seconds: number,
  bucketSeconds = 60,
): string {
  const range = windowRange(seconds, bucketSeconds);
  switch (aggregate) {
    case 'counter-total':
      return `sum(sum_over_time(${counterBucketIncrease(metric, selector, bucketSeconds)}[${range}]))`;
    case 'gauge-peak':
      return `max_over_time(${gaugeBucket(metric, selector, 'max', bucketSeconds)}[${range}])`;
    case 'gauge-low':
      return `min_over_time(${gaugeBucket(metric, selector, 'min', bucketSeconds)}[${range}])`;
    case 'gauge-minute-sum':
      return `sum_over_time(${gaugeBucket(metric, selector, 'max')}[${range}])`;
    case 'gauge-last':
      return `last_over_time(${gaugeBucket(metric, selector, 'max')}[${range}])`;
    case 'gauge-first-time':
      // timestamp() of a computed vector is its evaluation time: the grid point of each bucket with a value.
      return `min_over_time(timestamp(${gaugeBucket(metric, selector, 'max')})[${range}])`;
  }
}

/** The peak of a gauge in the bucket whose grid point is the evaluation time (instant query at that point). */
export function bucketPeakQuery(metric: UsageMetric, selector: string): string {
  return gaugeBucket(metric, selector, 'max');
}
