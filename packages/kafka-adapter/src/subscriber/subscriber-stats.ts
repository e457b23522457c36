import type { KafkaConsumedSample } from '@herald/contract/kafka/kafka-adapter-state';

/** A record written to its topic (issue 27 item 9: the sample panel), as the state route carries it. */
export type SubscriberSample = KafkaConsumedSample;

export interface SubscriberStats {
  consumed: number;
  published: number;
  failed: number;
  /** Records behind the partition's end, by `topic/partition`, as of the last fetch. */
  lag: Record<string, number>;
  ratePerSecond: number;
}

const SAMPLES_KEPT = 10;
/** The rate is the published records of the last RATE_WINDOW_S whole seconds. */
const RATE_WINDOW_S = 10;

export class SubscriberCounters {
  consumed = 0;
  published = 0;
  failed = 0;
  readonly lag = new Map<string, number>();
  private readonly samples: SubscriberSample[] = [];
  /** Published counts per second, keyed by the epoch second. */
  private readonly perSecond = new Map<number, number>();

  recordPublished(sample: SubscriberSample, now = Date.now()): void {
    this.published += 1;
    this.samples.push(sample);
    if (this.samples.length > SAMPLES_KEPT) this.samples.shift();
    const second = Math.floor(now / 1000);
    this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
    for (const key of this.perSecond.keys()) {
      if (key <= second - RATE_WINDOW_S - 1) this.perSecond.delete(key);
    }
  }

  /** The last records written, the newest last. */
  recent(): SubscriberSample[] {
    return [...this.samples];
  }

  snapshot(now = Date.now()): SubscriberStats {
    const current = Math.floor(now / 1000);
    let total = 0;
    // Whole seconds only: the running second would read low.
    for (const [second, count] of this.perSecond) {
      if (second < current && second >= current - RATE_WINDOW_S) total += count;
    }
    return {
      consumed: this.consumed,
      published: this.published,
      failed: this.failed,
      lag: Object.fromEntries(this.lag),
      ratePerSecond: total / RATE_WINDOW_S,
    };
  }
}
