import type { UsageBucket } from '@herald/contract/usage/usage-aggregate';
import type { UsageMetric } from '@herald/contract/usage/usage.schema';

export const SERIES_OF_METRIC = {
  billed_messages_total: 'herald_billed_messages_total',
  messages_in_total: 'herald_messages_in_total',
  adapter_billed_messages_total: 'herald_adapter_billed_messages_total',
  bytes_total: 'herald_bytes_total',
  sessions: 'herald_sessions',
  topics: 'herald_topics',
} as const satisfies Record<UsageMetric, string>;

/** The readings of one series of one runtime process: [unix seconds, value], oldest first. */
export interface SampleSeries {
  metric: UsageMetric;
  samples: readonly (readonly [number, number])[];
  /** Whether the first reading counts whole (contract counterIncrease countFirst); default true. */
  countFirst?: boolean;
}

/**
 * Minute buckets as the database store files these readings (a reading counts in the minute that contains it;
 * contract counterIncrease: the first reading of a process counts whole, a lower one counts from zero), to compare
 * the Prometheus store's answers with contract aggregateUsage over the same readings.
 */
export function bucketsFromSamples(seriesList: readonly SampleSeries[]): UsageBucket[] {
  const buckets = new Map<number, UsageBucket>();
  const bucketAt = (time: number) => {
    const start = Math.floor(time / 60) * 60;
    let bucket = buckets.get(start);
    if (!bucket) {
      bucket = {
        start,
        seconds: 60,
        billedMessages: 0,
        messagesIn: 0,
        adapterBilledMessages: 0,
        bytes: 0,
        sessionsMax: Number.NEGATIVE_INFINITY,
        sessionsMin: Number.POSITIVE_INFINITY,
        topicsMax: Number.NEGATIVE_INFINITY,
        topicsMin: Number.POSITIVE_INFINITY,
      };
      buckets.set(start, bucket);
    }
    return bucket;
  };
  for (const { metric, samples, countFirst = true } of seriesList) {
    let previous: number | null = null;
    for (const [time, value] of samples) {
      const bucket = bucketAt(time);
      if (
        metric === 'billed_messages_total' ||
        metric === 'messages_in_total' ||
        metric === 'adapter_billed_messages_total' ||
        metric === 'bytes_total'
      ) {
        const increase =
          previous === null
            ? countFirst
              ? value
              : 0
            : value < previous
              ? value
              : value - previous;
        if (metric === 'billed_messages_total') bucket.billedMessages += increase;
        else if (metric === 'messages_in_total') bucket.messagesIn += increase;
        else if (metric === 'adapter_billed_messages_total') {
          bucket.adapterBilledMessages += increase;
        } else bucket.bytes += increase;
        previous = value;
      } else if (metric === 'sessions') {
        bucket.sessionsMax = Math.max(bucket.sessionsMax, value);
        bucket.sessionsMin = Math.min(bucket.sessionsMin, value);
      } else {
        bucket.topicsMax = Math.max(bucket.topicsMax, value);
        bucket.topicsMin = Math.min(bucket.topicsMin, value);
      }
    }
  }
  // Every scrape reads all four series, so each bucket has gauge readings too.
  return [...buckets.values()];
}
