import { Kafka } from 'kafkajs';
import type { MqttClient } from 'mqtt';
import type { KafkaSubscriber } from '@herald/contract/kafka/kafka-adapter.schema';
import type { Logger } from '@herald/runtime/log';
import type { ConverterChain } from '../converters/converter-chain';
import { messageOf } from '../converters/conversion-error';
import {
  KafkaSettingsError,
  kafkaClientConfig,
  type ClusterSettings,
} from '../kafka/client-options';
import { createGroupConsumer, type GroupConsumer } from './group-consumer';
import { createRecordDelivery } from './record-delivery';
import {
  SubscriberCounters,
  type SubscriberSample,
  type SubscriberStats,
} from './subscriber-stats';
import type { TopicEnsurer } from './topic-ensurer';

/**
 * A subscriber (Kafka → service, issue 27 item 3): `consumerCount` consumers in `consumerGroupId` (an HA pair's
 * second member joins the same group; group-consumer.ts holds the at-least-once rule), each record written by
 * record-delivery.ts. This file connects them: the listed topics or those matching the regex (listed again every
 * `metadata.max.age.ms`, the consumers joining again when the set changes), a reconnection every
 * `reconnectInterval` ms while the cluster is away, and the stop.
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

/** Kafka's `metadata.max.age.ms`: how often a regex subscription looks for new topics. */
const DEFAULT_METADATA_AGE_MS = 30_000;
/** Shorter than Kafka's 45 s: an HA pair's survivor, or a consumer back from an outage, takes over sooner. */
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;

/** A duration of the cluster's configuration map; a wrong one stops the subscriber's start, said in words. */
function millisecondsOf(
  configuration: Record<string, string>,
  key: string,
  fallback: number,
): number {
  const text = configuration[key];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new KafkaSettingsError(`${key} must be a whole number of milliseconds, not "${text}"`);
  }
  return value;
}

export async function startSubscriber(options: SubscriberOptions): Promise<SubscriberHandle> {
  const { subscriber, cluster, mqtt, topics, chain, log, link } = options;
  const where = { subscriber: subscriber.id, cluster: cluster.id };
  const configuration = cluster.configuration ?? {};
  const fromBeginning = configuration['auto.offset.reset']?.trim().toLowerCase() === 'earliest';
  // Kafka's session.timeout.ms: a member that vanished (a kill -9, a broker away) holds its partitions this long.
  const sessionTimeout = millisecondsOf(
    configuration,
    'session.timeout.ms',
    DEFAULT_SESSION_TIMEOUT_MS,
  );
  const metadataAgeMs = millisecondsOf(
    configuration,
    'metadata.max.age.ms',
    DEFAULT_METADATA_AGE_MS,
  );
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

  const deliver = createRecordDelivery({
    subscriber,
    mqtt,
    topics,
    chain,
    log,
    counters,
    where,
    isStopping: () => stopping,
  });

  const startConsumer = (index: number, subscribed: string[]) =>
    createGroupConsumer({
      kafka,
      subscriber,
      index,
      topics: subscribed,
      fromBeginning,
      sessionTimeout,
      retry,
      deliver,
      counters,
      log,
      where,
      clusterLabel: cluster.label,
      link,
      isStopping: () => stopping,
      onFatalCrash: () => scheduleReconnect(),
    });

  let consumers: GroupConsumer[] = [];
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
