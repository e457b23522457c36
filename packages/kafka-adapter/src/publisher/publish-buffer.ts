/**
 * The publisher's buffer between MQTT and Kafka (issue 27 item 4: "while Kafka is away, bounded buffering and
 * retries, never unbounded memory"). It holds the values received and not yet acknowledged by Kafka: those queued
 * and those in the batch being sent. Both bounds hold at once, records AND bytes, so neither many tiny values
 * (each costs ~200 bytes of bookkeeping beyond its payload) nor a few huge ones can grow the adapter.
 *
 * When a new value would pass a bound, the OLDEST queued values are dropped to make room: a publisher forwards
 * topic values, and a topic's newer value supersedes its older one, so after an outage Kafka's consumers get the
 * latest state rather than a stale prefix of it. The batch being sent is never dropped (Kafka may already hold it).
 * Drops are counted; the caller logs an episode once (`overflowStarted` → true once, `endOverflow` the summary).
 */
export interface BufferBounds {
  maxRecords: number;
  maxBytes: number;
}

/** Defaults: 32 MiB, about 30,000 values of 1 KB (≈ 1 s of the client's own produce rate here, 10 min of 50/s). */
export const DEFAULT_BUFFER_BOUNDS: BufferBounds = {
  maxRecords: 50_000,
  maxBytes: 32 * 1024 * 1024,
};

export interface BufferedValue {
  topicPath: string;
  payload: Buffer;
}

/** What a value costs the bound: its payload, its path, and a fixed allowance for the entry itself. */
export const ENTRY_OVERHEAD_BYTES = 64;
export function sizeOf(value: BufferedValue): number {
  return value.payload.length + value.topicPath.length + ENTRY_OVERHEAD_BYTES;
}

export class PublishBuffer {
  private queue: BufferedValue[] = [];
  private head = 0;
  private queuedBytes = 0;
  private inFlightRecords = 0;
  private inFlightBytes = 0;
  private droppedInEpisode = 0;

  constructor(readonly bounds: BufferBounds = DEFAULT_BUFFER_BOUNDS) {}

  get records(): number {
    return this.queue.length - this.head + this.inFlightRecords;
  }

  get bytes(): number {
    return this.queuedBytes + this.inFlightBytes;
  }

  get queued(): number {
    return this.queue.length - this.head;
  }

  /** Values dropped since the overflow episode began (0: no episode). */
  get overflowDropped(): number {
    return this.droppedInEpisode;
  }

  /**
   * Adds a value, dropping the oldest queued ones while a bound would be passed. Answers how many were dropped
   * (the new value itself when it alone cannot fit beside the batch in flight).
   */
  push(value: BufferedValue): number {
    const size = sizeOf(value);
    let dropped = 0;
    while (
      this.queued > 0 &&
      (this.records + 1 > this.bounds.maxRecords || this.bytes + size > this.bounds.maxBytes)
    ) {
      this.shift();
      dropped += 1;
    }
    if (this.records + 1 > this.bounds.maxRecords || this.bytes + size > this.bounds.maxBytes) {
      dropped += 1;
    } else {
      this.queue.push(value);
      this.queuedBytes += size;
    }
    this.droppedInEpisode += dropped;
    return dropped;
  }

  /** Takes up to `maxRecords` / about `maxBytes` of the oldest values as the batch in flight. */
  take(maxRecords: number, maxBytes: number): BufferedValue[] {
    const batch: BufferedValue[] = [];
    let bytes = 0;
    while (this.queued > 0 && batch.length < maxRecords) {
      const next = this.queue[this.head] as BufferedValue;
      if (batch.length > 0 && bytes + sizeOf(next) > maxBytes) break;
      this.shift();
      batch.push(next);
      bytes += sizeOf(next);
    }
    this.inFlightRecords += batch.length;
    this.inFlightBytes += bytes;
    return batch;
  }

  /** The batch in flight is done with (delivered, or given up on): its room is free again. */
  release(batch: readonly BufferedValue[]): void {
    this.inFlightRecords -= batch.length;
    this.inFlightBytes -= batch.reduce((sum, value) => sum + sizeOf(value), 0);
  }

  /** Ends the overflow episode: answers how many values it dropped. */
  endOverflow(): number {
    const dropped = this.droppedInEpisode;
    this.droppedInEpisode = 0;
    return dropped;
  }

  /** Empties the queue (at stop): answers what was left. */
  drain(): BufferedValue[] {
    const rest = this.queue.slice(this.head);
    this.queue = [];
    this.head = 0;
    this.queuedBytes = 0;
    return rest;
  }

  private shift(): void {
    const value = this.queue[this.head] as BufferedValue;
    this.queuedBytes -= sizeOf(value);
    this.head += 1;
    // Compacts now and then: an array shift per value would be quadratic under load.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}
