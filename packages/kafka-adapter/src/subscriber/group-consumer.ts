import type { Consumer, EachBatchPayload, Kafka, RetryOptions } from 'kafkajs';
import type { KafkaSubscriber } from '@herald/contract/kafka/kafka-adapter.schema';
import type { Logger } from '@herald/runtime/log';
import { messageOf } from '../converters/conversion-error';
import { PartitionOffsets } from './offset-tracker';
import type { DeliverRecord } from './record-delivery';
import type { SubscriberCounters } from './subscriber-stats';

/**
 * One kafkajs consumer of a subscriber's group with the at-least-once rule (docs/decisions/048): `autoCommit` off;
 * records of a partition are handed to `deliver` in order and their acknowledgements awaited apart; a partition's
 * offset is committed (gathered for COMMIT_DELAY_MS) only past records acknowledged with every earlier one
 * (offset-tracker.ts). At most MAX_IN_FLIGHT records of a partition wait for their acknowledgement (the runtime
 * away): past that the partition's fetch waits, heartbeating. A rebalance starts a new generation: what the old one
 * had in flight is never committed, and the partition's next owner reads it again.
 */
export const MAX_IN_FLIGHT = 1_000;
/** How long a stop waits for the runtime's acknowledgements of records already sent. */
const STOP_ACK_WAIT_MS = 3_000;
const COMMIT_DELAY_MS = 100;

export interface GroupConsumer {
  run(): Promise<void>;
  stop(): Promise<void>;
}

export interface GroupConsumerOptions {
  kafka: Kafka;
  subscriber: KafkaSubscriber;
  index: number;
  topics: readonly string[];
  fromBeginning: boolean;
  sessionTimeout: number;
  retry: RetryOptions;
  deliver: DeliverRecord;
  counters: SubscriberCounters;
  log: Logger;
  where: Record<string, string>;
  clusterLabel: string;
  link: { connected(): void; failed(error: string): void };
  isStopping: () => boolean;
  /** A crash kafkajs does not restart from by itself. */
  onFatalCrash: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createGroupConsumer(options: GroupConsumerOptions): GroupConsumer {
  const { subscriber, counters, log, where, link, deliver } = options;
  const consumer: Consumer = options.kafka.consumer({
    groupId: subscriber.consumerGroupId,
    sessionTimeout: options.sessionTimeout,
    heartbeatInterval: Math.max(500, Math.floor(options.sessionTimeout / 3)),
    maxWaitTimeInMs: subscriber.pollTimeout,
    retry: { ...options.retry, restartOnFailure: async () => !options.isStopping() },
  });
  let generation = 0;
  let partitions = new Map<string, { offsets: PartitionOffsets; chain: Promise<unknown> }>();
  const pendingCommits = new Map<string, { topic: string; partition: number; offset: string }>();
  let commitTimer: NodeJS.Timeout | null = null;
  /** Everything sent and not yet settled, awaited (briefly) by a stop. */
  const inFlight = new Set<Promise<void>>();
  const settleWaiters: (() => void)[] = [];
  const wakeWaiters = () => settleWaiters.splice(0).forEach((wake) => wake());

  async function flushCommits() {
    commitTimer = null;
    if (pendingCommits.size === 0) return;
    const batch = [...pendingCommits.values()];
    pendingCommits.clear();
    try {
      await consumer.commitOffsets(batch);
    } catch (error) {
      // A rebalance took the partition: its next owner reads again from the last commit (at least once).
      log.warn(
        `Subscriber "${subscriber.label}" could not commit offsets: ${messageOf(error)}`,
        where,
      );
    }
  }

  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    generation += 1;
    partitions = new Map();
    link.connected();
    log.info(
      `Subscriber "${subscriber.label}" consumer ${options.index + 1} joined group "${subscriber.consumerGroupId}"`,
      { ...where, assignment: event.payload.memberAssignment },
    );
  });
  consumer.on(consumer.events.FETCH, () => link.connected());
  consumer.on(consumer.events.CRASH, (event) => {
    const reason = messageOf(event.payload.error);
    link.failed(reason);
    log.warn(
      `Subscriber "${subscriber.label}" lost cluster "${options.clusterLabel}": ${reason}; reconnecting`,
      where,
    );
    // kafkajs restarts by itself after a retriable error only: any other, the subscriber starts again later.
    if (!event.payload.restart) options.onFatalCrash();
  });

  async function eachBatch(payload: EachBatchPayload) {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    const key = `${batch.topic}/${batch.partition}`;
    let state = partitions.get(key);
    if (state === undefined) {
      state = { offsets: new PartitionOffsets(), chain: Promise.resolve() };
      partitions.set(key, state);
    }
    const { offsets } = state;
    const myGeneration = generation;
    for (const message of batch.messages) {
      while (offsets.inFlight >= MAX_IN_FLIGHT && isRunning() && !isStale()) {
        await new Promise<void>((resolve) => {
          settleWaiters.push(resolve);
          setTimeout(resolve, 1_000);
        });
        await heartbeat();
      }
      if (!isRunning() || isStale() || myGeneration !== generation) return;
      offsets.take(message.offset);
      resolveOffset(message.offset);
      counters.consumed += 1;
      counters.lag.set(key, Math.max(0, Number(batch.highWatermark) - Number(message.offset) - 1));
      // Prepared and sent in order; the acknowledgement is awaited apart.
      const delivered = state.chain.then(() => deliver(batch.topic, batch.partition, message));
      state.chain = delivered.catch(() => undefined);
      const settled = delivered
        .then(({ sent }) => sent)
        .then(() => {
          const commit = offsets.settle(message.offset);
          wakeWaiters();
          if (commit !== null && myGeneration === generation) {
            pendingCommits.set(key, {
              topic: batch.topic,
              partition: batch.partition,
              offset: commit,
            });
            commitTimer ??= setTimeout(() => void flushCommits(), COMMIT_DELAY_MS);
          }
        });
      const tracked = settled.catch(() => undefined);
      inFlight.add(tracked);
      void tracked.then(() => inFlight.delete(tracked));
    }
    await heartbeat();
  }

  return {
    async run() {
      await consumer.connect();
      for (const topic of options.topics) {
        await consumer.subscribe({ topic, fromBeginning: options.fromBeginning });
      }
      await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch });
    },
    async stop() {
      await consumer.stop();
      await Promise.race([Promise.allSettled([...inFlight]), sleep(STOP_ACK_WAIT_MS)]);
      if (commitTimer) clearTimeout(commitTimer);
      await flushCommits();
      await consumer.disconnect();
    },
  };
}
