import { Kafka } from 'kafkajs';
import type { PublisherPeers } from './publisher-harness';
import { publisherSettings } from './publisher-settings';
import { startTestPublisher } from './publisher-harness';

/**
 * The MQTT → Kafka direction for bench/kafka-adapter.ts: a device publishes `records` values of `recordBytes` over
 * `paths` topics (at `ratePerSecond`, or as fast as QoS 1 acknowledgements allow), the publisher produces them to
 * one Kafka topic keyed by path (so they spread over its partitions), and a consumer reads them back. Each value
 * carries its sequence number and the time it was published, so the consumer measures end-to-end latency and
 * duplicates. Also the client's own produce rate with the same records, the ceiling to compare with.
 */
export interface PublisherBenchOptions {
  records: number;
  recordBytes?: number;
  /** Paced publishing; omitted: as fast as the device's QoS 1 acknowledgements come back. */
  ratePerSecond?: number;
  /** Our topics the values go to (`bench/0` …). */
  paths?: number;
  /** A Kafka topic the peers' mock already has, with enough partitions (the mock keeps 5 MB per partition). */
  kafkaTopic: string;
}

export interface PublisherBenchResult {
  records: number;
  seconds: number;
  /** Distinct values consumed from Kafka per second, from the first publish to the last arrival. */
  deliveredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  duplicates: number;
  failed: number;
}

const IN_FLIGHT = 1_000;
const TICK_MS = 10;

function valueOf(sequence: number, bytes: number): string {
  const head = `${sequence} ${Date.now()} `;
  return head + 'x'.repeat(Math.max(0, bytes - head.length));
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

let benchRuns = 0;

export async function benchPublisher(
  peers: PublisherPeers,
  options: PublisherBenchOptions,
): Promise<PublisherBenchResult> {
  const { records, kafkaTopic } = options;
  const recordBytes = options.recordBytes ?? 1024;
  const paths = options.paths ?? 64;
  benchRuns += 1;
  const handle = await startTestPublisher(
    peers,
    publisherSettings({
      id: `bench-${benchRuns}`,
      selector: '>bench//',
      kafkaTopicPattern: kafkaTopic,
    }),
  );
  const kafka = new Kafka({
    clientId: 'publisher-bench',
    brokers: [...peers.kafka.brokers],
    logLevel: 0,
  });
  const consumer = kafka.consumer({
    groupId: `publisher-bench-${process.pid}-${benchRuns}`,
    sessionTimeout: 3000,
    heartbeatInterval: 500,
    maxWaitTimeInMs: 10,
  });
  const seen = new Set<number>();
  const latencies: number[] = [];
  let duplicates = 0;
  let lastArrival = 0;
  let allArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  await consumer.connect();
  await consumer.subscribe({ topics: [kafkaTopic], fromBeginning: false });
  const joined = new Promise<void>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, () => resolve()),
  );
  await consumer.run({
    eachBatch: async ({ batch }) => {
      const now = Date.now();
      for (const message of batch.messages) {
        const [sequence, sentAt] = (message.value?.toString('latin1', 0, 40) ?? '').split(' ');
        const id = Number(sequence);
        if (seen.has(id)) {
          duplicates += 1;
          continue;
        }
        seen.add(id);
        latencies.push(now - Number(sentAt));
      }
      lastArrival = now;
      if (seen.size >= records) allArrived();
    },
  });
  await joined;

  const started = Date.now();
  let sent = 0;
  let acknowledged = 0;
  await new Promise<void>((resolve, reject) => {
    const publishOne = () => {
      const sequence = sent;
      sent += 1;
      peers.device.publish(
        `bench/${sequence % paths}`,
        valueOf(sequence, recordBytes),
        { qos: 1 },
        (error) => {
          if (error) return reject(error);
          acknowledged += 1;
          if (acknowledged === records) resolve();
          else if (options.ratePerSecond === undefined) pump();
        },
      );
    };
    const pump = () => {
      while (sent < records && sent - acknowledged < IN_FLIGHT) publishOne();
    };
    if (options.ratePerSecond === undefined) return pump();
    const perTick = options.ratePerSecond / (1000 / TICK_MS);
    const tick = () => {
      const due = Math.min(records, Math.floor(((Date.now() - started) / TICK_MS + 1) * perTick));
      while (sent < due) publishOne();
      if (sent < records) setTimeout(tick, TICK_MS);
    };
    tick();
  });
  await arrived;
  const seconds = (lastArrival - started) / 1000;
  const failed = handle.stats().failed;
  await consumer.disconnect();
  await handle.stop();
  latencies.sort((a, b) => a - b);
  return {
    records,
    seconds,
    deliveredPerSecond: Math.round(records / seconds),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    duplicates,
    failed,
  };
}

/** The client's own produce rate: the same records sent by kafkajs directly, in batches of 500, acks -1. */
export async function benchProducerCeiling(
  peers: PublisherPeers,
  options: { records: number; recordBytes?: number; kafkaTopic: string },
): Promise<number> {
  const recordBytes = options.recordBytes ?? 1024;
  const kafka = new Kafka({
    clientId: 'producer-ceiling',
    brokers: [...peers.kafka.brokers],
    logLevel: 0,
  });
  const producer = kafka.producer();
  await producer.connect();
  const started = Date.now();
  for (let first = 0; first < options.records; first += 500) {
    const count = Math.min(500, options.records - first);
    await producer.send({
      topic: options.kafkaTopic,
      acks: -1,
      messages: Array.from({ length: count }, (_, index) => ({
        key: `bench/${(first + index) % 64}`,
        value: valueOf(first + index, recordBytes),
      })),
    });
  }
  const rate = Math.round(options.records / ((Date.now() - started) / 1000));
  await producer.disconnect();
  return rate;
}
