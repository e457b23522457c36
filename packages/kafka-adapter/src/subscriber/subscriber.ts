import { Kafka, type Consumer, type EachBatchPayload, type KafkaMessage } from 'kafkajs';
import type { MqttClient } from 'mqtt';
import type { KafkaSubscriber } from '@herald/contract/kafka/kafka-adapter.schema';
import { heraldTopicFor } from '@herald/contract/kafka/kafka-topic-patterns';
import { checkPayload } from '@herald/contract/topics/topic-values';
import type { Logger } from '@herald/runtime/log';
import type { ConverterChain } from '../converters/converter-chain';
import { messageOf } from '../converters/conversion-error';
import { readKafkaValue } from '../converters/kafka-value-types';
import { kafkaClientConfig, type ClusterSettings } from '../kafka/client-options';
import { RuntimeAdminError } from '../runtime/runtime-admin';
import { PartitionOffsets } from './offset-tracker';
import { keyText, mqttPayloadOf, sampleText } from './record-value';
import {
  SubscriberCounters,
  type SubscriberSample,
  type SubscriberStats,
} from './subscriber-stats';
import type { TopicEnsurer } from './topic-ensurer';

/**
 * A subscriber (Kafka → service, issue 27 item 3): `consumerCount` kafkajs consumers in `consumerGroupId` (an HA
 * pair's second member joins the same group), each record read by the key and value types, converted by the chain,
 * written QoS 1 to the topic its `heraldTopicPattern` names (created first with the subscriber's properties).
 *
 * At least once: offsets are committed by hand, a partition's only past records the runtime acknowledged with every
 * earlier one (offset-tracker.ts). While the runtime is away records wait in the MQTT client's queue, at most
 * MAX_IN_FLIGHT a partition: past that the partition's fetch waits. A record the runtime refuses is tried again
 * `publicationRetries` times `retryIntervalMs` apart, then logged as failed, counted, and its offset settled: a
 * record that can never be written would otherwise hold its partition (and the records after it) forever.
 */
export interface SubscriberHandle {
  stop(): Promise<void>;
  stats(): SubscriberStats;
  samples(): SubscriberSample[];
}

export interface ClusterLink {
  connected(): void;
  failed(error: string): void;
}

export interface SubscriberOptions {
  subscriber: KafkaSubscriber;
  cluster: ClusterSettings & { id: string; label: string };
  mqtt: MqttClient;
  topics: TopicEnsurer;
  chain: ConverterChain;
  log: Logger;
  /** The adapter member's client id; each consumer adds its index. */
  clientId: string;
  reconnectIntervalMs: number;
  link: ClusterLink;
}

/** Records taken from a partition and not yet acknowledged, before its fetch waits. */
export const MAX_IN_FLIGHT = 1_000;
/** How long a stop waits for the runtime's acknowledgements of records already sent. */
const STOP_ACK_WAIT_MS = 3_000;
/** Commits are gathered this long (one request for many acknowledgements). */
const COMMIT_DELAY_MS = 100;
/** Kafka's `metadata.max.age.ms`: how often a regex subscription looks for new topics. */
const DEFAULT_METADATA_AGE_MS = 30_000;
/** Shorter than Kafka's 45 s: an HA pair's survivor, or a consumer back from an outage, takes over sooner. */
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;
/** How often a record waits to be retried while the runtime is away (not counted as an attempt). */
const RUNTIME_AWAY_RETRY_MS = 1_000;

class Refused extends Error {}
class Failed extends Error {}
/** A stop while the runtime is away: the record is left unsettled, so it is read again after the restart. */
class Abandoned extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startSubscriber(options: SubscriberOptions): Promise<SubscriberHandle> {
  const { subscriber, cluster, mqtt, topics, chain, log, link } = options;
  const where = { subscriber: subscriber.id, cluster: cluster.id };
  const configuration = cluster.configuration ?? {};
  const fromBeginning = configuration['auto.offset.reset']?.trim().toLowerCase() === 'earliest';
  // Kafka's session.timeout.ms: a member that vanished (a kill -9, a broker away) holds its partitions this long.
  const sessionTimeout = Number(configuration['session.timeout.ms'] ?? DEFAULT_SESSION_TIMEOUT_MS);
  const metadataAgeMs = Number(configuration['metadata.max.age.ms'] ?? DEFAULT_METADATA_AGE_MS);
  // A cluster that is away is asked again at most every reconnectInterval ms (the adapter's setting), not after
  // kafkajs's default backoff of up to 30 s.
  const retry = {
    retries: 5,
    initialRetryTime: Math.min(300, options.reconnectIntervalMs),
    maxRetryTime: Math.max(options.reconnectIntervalMs, 1_000),
  };
  const kafka = new Kafka({
    ...kafkaClientConfig(cluster, { clientId: `${options.clientId}-${subscriber.id}` }),
    retry,
  });
  const counters = new SubscriberCounters();
  let stopping = false;
  /** Everything sent and not yet settled, awaited (briefly) by a stop. */
  const inFlight = new Set<Promise<void>>();
  const settleWaiters: (() => void)[] = [];
  const wakeWaiters = () => settleWaiters.splice(0).forEach((wake) => wake());

  const regex = subscriber.regexSubscription ? new RegExp(subscriber.kafkaTopics[0] ?? '') : null;

  async function matchingTopics(): Promise<string[]> {
    if (regex === null) return [...subscriber.kafkaTopics];
    const admin = kafka.admin();
    await admin.connect();
    try {
      return (await admin.listTopics()).filter((name) => regex.test(name)).sort();
    } finally {
      await admin.disconnect();
    }
  }

  /** Writes one record; resolves once it is settled (acknowledged, or given up and counted as failed). */
  async function deliver(
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): Promise<{ sent: Promise<void> }> {
    const recordRef = { kafkaTopic: topic, partition, offset: message.offset };
    const describe = `record at offset ${message.offset} of Kafka topic "${topic}" partition ${partition}`;
    let prepared: { path: string; bytes: Buffer; sample: SubscriberSample };
    try {
      const key = keyText(subscriber.keyType, message.key);
      const value = readKafkaValue(subscriber.valueType, message.value ?? Buffer.alloc(0));
      const converted = await chain.convert(value, { record: recordRef, kafkaTopic: topic });
      const { kind, bytes } = mqttPayloadOf(converted);
      const path = heraldTopicFor(subscriber.heraldTopicPattern, { topic, partition, key });
      if (!path.ok) throw new Failed(path.message);
      await ensureWritable(path.value, kind, bytes);
      prepared = {
        path: path.value,
        bytes,
        sample: {
          kafkaTopic: topic,
          partition,
          offset: message.offset,
          key,
          topicPath: path.value,
          value: sampleText(kind, bytes),
          at: '',
        },
      };
    } catch (error) {
      if (error instanceof Abandoned) throw error;
      counters.failed += 1;
      log.error(
        `Subscriber "${subscriber.label}" could not write the ${describe}: ${messageOf(error)}`,
        where,
      );
      return { sent: Promise.resolve() };
    }
    const sent = new Promise<void>((resolve, reject) => {
      mqtt.publish(prepared.path, prepared.bytes, { qos: 1 }, (error) => {
        if (error) {
          // Only when the client was ended (a stop): the record stays uncommitted and is read again next time.
          log.warn(
            `Subscriber "${subscriber.label}" stopped before the ${describe} was acknowledged`,
            where,
          );
          reject(new Abandoned(messageOf(error)));
          return;
        }
        counters.recordPublished({ ...prepared.sample, at: new Date().toISOString() });
        resolve();
      });
    });
    return { sent };
  }

  /**
   * The topic exists with a type the value fits. The runtime away (not answering, no ready file) is waited for
   * without counting; a refusal (4xx, or a value the topic's type refuses) is tried again `publicationRetries` times.
   */
  async function ensureWritable(
    path: string,
    kind: Parameters<TopicEnsurer['ensure']>[1],
    bytes: Buffer,
  ) {
    const { publicationRetries, retryIntervalMs } = subscriber.framework;
    let refusals = 0;
    for (;;) {
      try {
        const spec = await topics.ensure(path, kind);
        const check = checkPayload(spec.type, spec.properties, bytes);
        if (!check.ok)
          throw new Refused(`topic "${path}" (${spec.type}) refuses it: ${check.message}`);
        return;
      } catch (error) {
        const refused =
          error instanceof Refused || (error instanceof RuntimeAdminError && error.isRefusal);
        if (!refused) {
          if (stopping) throw new Abandoned(messageOf(error));
          await sleep(RUNTIME_AWAY_RETRY_MS);
          continue;
        }
        refusals += 1;
        if (refusals > publicationRetries || stopping) {
          throw new Failed(`${messageOf(error)} (after ${refusals} attempts)`);
        }
        topics.forget();
        await sleep(retryIntervalMs);
      }
    }
  }

  function startConsumer(index: number, subscribed: string[]) {
    const consumer: Consumer = kafka.consumer({
      groupId: subscriber.consumerGroupId,
      sessionTimeout,
      heartbeatInterval: Math.max(500, Math.floor(sessionTimeout / 3)),
      maxWaitTimeInMs: subscriber.pollTimeout,
      retry: { ...retry, restartOnFailure: async () => !stopping },
    });
    let generation = 0;
    let partitions = new Map<string, { offsets: PartitionOffsets; chain: Promise<unknown> }>();
    const pendingCommits = new Map<string, { topic: string; partition: number; offset: string }>();
    let commitTimer: NodeJS.Timeout | null = null;

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
      // A new assignment: what was taken before is acknowledged into the old generation and never committed.
      generation += 1;
      partitions = new Map();
      link.connected();
      log.info(
        `Subscriber "${subscriber.label}" consumer ${index + 1} joined group "${subscriber.consumerGroupId}"`,
        {
          ...where,
          assignment: event.payload.memberAssignment,
        },
      );
    });
    consumer.on(consumer.events.FETCH, () => link.connected());
    consumer.on(consumer.events.CRASH, (event) => {
      const reason = messageOf(event.payload.error);
      link.failed(reason);
      log.warn(
        `Subscriber "${subscriber.label}" lost cluster "${cluster.label}": ${reason}; reconnecting`,
        where,
      );
      // kafkajs restarts by itself after a retriable error only: any other, the adapter starts again later.
      if (!event.payload.restart) scheduleReconnect();
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
        counters.lag.set(
          key,
          Math.max(0, Number(batch.highWatermark) - Number(message.offset) - 1),
        );
        // Records of a partition are prepared and sent in order; their acknowledgements are awaited apart.
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
      consumer,
      async run() {
        await consumer.connect();
        for (const topic of subscribed) await consumer.subscribe({ topic, fromBeginning });
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

  let consumers: ReturnType<typeof startConsumer>[] = [];
  let subscribed: string[] = [];
  let metadataTimer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    if (stopping) return;
    try {
      subscribed = await matchingTopics();
      consumers = Array.from({ length: subscriber.consumerCount }, (_, index) =>
        startConsumer(index, subscribed),
      );
      await Promise.all(consumers.map((consumer) => consumer.run()));
      log.info(
        `Subscriber "${subscriber.label}" consumes ${subscribed.map((t) => `"${t}"`).join(', ') || 'no topic yet'}`,
        where,
      );
    } catch (error) {
      const reason = messageOf(error);
      link.failed(reason);
      log.warn(
        `Subscriber "${subscriber.label}" cannot reach cluster "${cluster.label}": ${reason}; trying again in ${options.reconnectIntervalMs} ms`,
        where,
      );
      scheduleReconnect();
    }
  }

  /** The consumers stopped, then started again after reconnectInterval ms (once, however many asked). */
  function scheduleReconnect(): void {
    if (retryTimer !== null || stopping) return;
    retryTimer = setTimeout(() => {
      void (async () => {
        await Promise.allSettled(consumers.map((consumer) => consumer.stop()));
        consumers = [];
        retryTimer = null;
        await connect();
      })();
    }, options.reconnectIntervalMs);
  }

  /** A regex subscription is resolved from metadata; new matching topics mean joining again with them. */
  async function checkMetadata(): Promise<void> {
    if (stopping || regex === null || consumers.length === 0) return;
    try {
      const now = await matchingTopics();
      if (now.join('\n') !== subscribed.join('\n')) {
        log.info(
          `Subscriber "${subscriber.label}": topics matching /${regex.source}/ changed, subscribing again`,
          where,
        );
        await Promise.allSettled(consumers.map((consumer) => consumer.stop()));
        consumers = [];
        await connect();
      }
    } catch (error) {
      log.warn(
        `Subscriber "${subscriber.label}" could not read the cluster's topics: ${messageOf(error)}`,
        where,
      );
    }
  }

  await connect();
  if (regex !== null) {
    metadataTimer = setInterval(() => void checkMetadata(), metadataAgeMs);
  }

  return {
    async stop() {
      stopping = true;
      if (metadataTimer) clearInterval(metadataTimer);
      if (retryTimer) clearTimeout(retryTimer);
      await Promise.allSettled(consumers.map((consumer) => consumer.stop()));
    },
    stats: () => counters.snapshot(),
    samples: () => counters.recent(),
  };
}
