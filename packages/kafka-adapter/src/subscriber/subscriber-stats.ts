import type { KafkaConsumedSample } from '@herald/contract/kafka/kafka-adapter-state';
import type { SubscriberValueKind } from '@herald/contract/kafka/subscriber-topics';
import { sampleText } from './record-value';

/** A record written to its topic (issue 27 item 9: the sample panel), as the state route carries it. */
export type SubscriberSample = KafkaConsumedSample;

/**
 * A written record as kept for the sample panel: its bytes, made text only when the state route asks. Every record
 * passes here and only the last SAMPLES_KEPT are ever shown, so decoding each one (1 KB of text per record) was
 * garbage made at the full rate.
 */
export type WrittenRecord = Omit<SubscriberSample, 'value'> & {
  kind: SubscriberValueKind;
  bytes: Buffer;
};

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
  private readonly samples: WrittenRecord[] = [];
  /** Published counts per second, keyed by the epoch second. */
  private readonly perSecond = new Map<number, number>();
  private currentSecond = 0;

  recordPublished(record: WrittenRecord, now = Date.now()): void {
    this.published += 1;
    this.samples.push(record);
    if (this.samples.length > SAMPLES_KEPT) this.samples.shift();
    const second = Math.floor(now / 1000);
    this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
    // Old seconds are dropped when a new one starts, not at every record.
    if (second === this.currentSecond) return;
    this.currentSecond = second;
    for (const key of this.perSecond.keys()) {
      if (key <= second - RATE_WINDOW_S - 1) this.perSecond.delete(key);
    }
  }

  /** The last records written, the newest last. */
  recent(): SubscriberSample[] {
    return this.samples.map(({ kind, bytes, ...rest }) => ({
      ...rest,
      value: sampleText(kind, bytes),
    }));
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
