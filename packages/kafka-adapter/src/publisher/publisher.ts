import { Kafka, type Message, type Producer } from 'kafkajs';
import type { MqttClient } from 'mqtt';
import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
import { mqttFiltersForSelector } from '@herald/contract/topics/selector-mqtt-filters';
import { parseTopicSelector, selectorMatches } from '@herald/contract/topics/topic-selector';
import { messageOf } from '../converters/conversion-error';
import { buildConverterChain } from '../converters/converter-chain';
import {
  SchemaRegistryClient,
  schemaRegistryOptionsFrom,
} from '../converters/schema-registry-client';
import { kafkaClientConfig, type ClusterSettings } from '../kafka/client-options';
import { recordMaker, RecordRefused, type KafkaRecordOut } from './kafka-record';
import {
  DEFAULT_BUFFER_BOUNDS,
  PublishBuffer,
  type BufferBounds,
  type BufferedValue,
} from './publish-buffer';
import { RateMeter } from './rate-meter';
import { isRecordRefusal, refusalReason } from './send-errors';
import { retryDelayMs } from './retry-backoff';
import { holdFilters, releaseFilters } from './shared-subscriptions';

/**
 * A Kafka publisher (issue 27 item 4, spec section 3): the values of our topics its `heraldTopicSelector` selects,
 * received over the adapter's MQTT connection at QoS 1, produced to Kafka with acks from all in-sync replicas.
 * While Kafka is away the values wait in a bounded buffer (publish-buffer.ts) and are retried with backoff
 * (retry-backoff.ts); delivery is at least once for what the buffer holds (a retried batch Kafka had in fact
 * written is written again).
 */

/** The process's logger (@herald/runtime/log's Logger has this shape; this package may not import the runtime). */
export interface PublisherLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface StartPublisherOptions {
  publisher: KafkaPublisher;
  cluster: ClusterSettings & { id: string; label: string };
  /** Connected, and shared with the rest of the process: the publisher touches only its own filters. */
  mqtt: MqttClient;
  log: PublisherLogger;
  clientId: string;
  /** The buffer's bounds; DEFAULT_BUFFER_BOUNDS unless a test or the bench says otherwise. */
  buffer?: BufferBounds;
  /** Tests only: wraps the Kafka producer, to inject what the test peer cannot do (a broker refusing a record). */
  wrapProducer?: (producer: Producer) => Producer;
}

export interface PublisherStats {
  /** Values Kafka acknowledged (a value retried after an unanswered send may count twice). */
  produced: number;
  /** Values not delivered: no Kafka name, a failed conversion, dropped from a full buffer, or left at stop. */
  failed: number;
  /** Values waiting for Kafka, in the batch being sent included. */
  buffered: number;
  /** What they cost the buffer's byte bound (publish-buffer.ts). */
  bufferedBytes: number;
  ratePerSecond: number;
}

export interface PublisherHandle {
  stop(): Promise<void>;
  stats(): PublisherStats;
}

/** A publisher whose settings cannot run, in words (the selector, the converter chain, the cluster's settings). */
export class PublisherSettingsError extends Error {
  override name = 'PublisherSettingsError';
}

/**
 * One produce request, one in flight: its round trip, not the adapter's CPU, bounds the rate (the bench's profile:
 * the process idle half the time at 4,000–6,000 values/s), so a request carries up to Kafka's own producer
 * `max.request.size` default of 1 MiB (about 950 values of 1 KB), and the count bound matters only for small values.
 * 1 MiB also keeps a batch whose values all go to one partition under the broker's default `message.max.bytes`
 * (a converter that grows values past it: Kafka refuses the batch and its values go one by one, send-errors.ts).
 */
const BATCH = { maxRecords: 2_000, maxBytes: 1024 * 1024 } as const;
/** Kafka's own producer default since 4.0 (KIP-1030): at most this much latency added to a value. */
const LINGER_MS = 5;
/** At stop, what is buffered gets this long to reach a cluster that answers; the rest is counted as failed. */
const STOP_FLUSH_MS = 5_000;
/** Topics whose refusal was logged, so a topic refused at every update is logged once (bounded). */
const MAX_LOGGED_REFUSALS = 1_000;
/** kafkajs's own retries of a send (leader elections, a topic just auto-created): a second or so, then ours. */
const SEND_RETRIES = 2;

const MIB = 1024 * 1024;

function settingsOf(options: StartPublisherOptions) {
  const { publisher, cluster, clientId } = options;
  const where = `Publisher "${publisher.label}"`;
  const parsed = parseTopicSelector(publisher.framework.heraldTopicSelector);
  if (!parsed.ok) throw new PublisherSettingsError(`${where}: ${parsed.message}`);
  try {
    const registry = schemaRegistryOptionsFrom(cluster.configuration ?? {});
    const chain = buildConverterChain(publisher.payloadConverters, {
      registry: registry === null ? null : new SchemaRegistryClient(registry),
    });
    const kafka = new Kafka(kafkaClientConfig(cluster, { clientId, retries: 0 }));
    return { where, selector: parsed.selector, maker: recordMaker(publisher, chain), kafka };
  } catch (error) {
    throw new PublisherSettingsError(`${where}: ${messageOf(error)}`, { cause: error });
  }
}

function topicMessagesOf(records: readonly KafkaRecordOut[]) {
  const byTopic = new Map<string, Message[]>();
  for (const record of records) {
    const messages = byTopic.get(record.kafkaTopic) ?? [];
    messages.push({ key: record.key, value: record.value });
    byTopic.set(record.kafkaTopic, messages);
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

export async function startPublisher(options: StartPublisherOptions): Promise<PublisherHandle> {
  const { publisher, cluster, mqtt, log } = options;
  const { where, selector, maker, kafka } = settingsOf(options);
  const filters = mqttFiltersForSelector(selector);
  const created = kafka.producer({
    allowAutoTopicCreation: true,
    retry: { retries: SEND_RETRIES },
  });
  const producer: Producer = options.wrapProducer?.(created) ?? created;
  const bounds = options.buffer ?? DEFAULT_BUFFER_BOUNDS;
  const buffer = new PublishBuffer(bounds);
  const rate = new RateMeter();
  const fields = { publisherId: publisher.id, clusterId: cluster.id };
  const boundsInWords = `${bounds.maxRecords} values or ${(bounds.maxBytes / MIB).toFixed(1)} MiB`;

  let produced = 0;
  let failed = 0;
  let stopping = false;
  let stopDeadline = 0;
  let connected = false;
  let failures = 0;
  let outageSince: number | null = null;
  const refusalsLogged = new Set<string>();

  // Two waits, woken apart: a new value ends the wait for work, never a backoff pause (else values arriving
  // during an outage would retry Kafka at their own rate); stop ends both.
  let workWaiter: (() => void) | null = null;
  let pauseWaiter: (() => void) | null = null;
  let pauseTimer: NodeJS.Timeout | undefined;
  const wakeForWork = () => {
    const resolve = workWaiter;
    workWaiter = null;
    resolve?.();
  };
  const endPause = () => {
    clearTimeout(pauseTimer);
    pauseTimer = undefined;
    const resolve = pauseWaiter;
    pauseWaiter = null;
    resolve?.();
  };
  const waitForWork = () => new Promise<void>((resolve) => (workWaiter = resolve));
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      pauseWaiter = resolve;
      pauseTimer = setTimeout(endPause, ms);
    });

  const onMessage = (topic: string, payload: Buffer) => {
    // An empty payload removes a topic's value (DATA-PLANE "Topics"): there is no value to send.
    if (stopping || payload.length === 0 || !selectorMatches(selector, topic)) return;
    // A copy: mqtt.js's payload may be a view of the whole socket chunk it was parsed from (bl's slice), which the
    // buffer would otherwise keep alive, and its byte bound would count 1 KB for 64 KB held.
    const dropped = buffer.push({ topicPath: topic, payload: Buffer.from(payload) });
    if (dropped > 0) {
      failed += dropped;
      if (buffer.overflowDropped === dropped) {
        log.warn(
          `${where}: its buffer is full (${boundsInWords}) while Kafka cluster "${cluster.label}" does not take its values; the oldest values are dropped until it does`,
          fields,
        );
      }
    }
    wakeForWork();
  };

  const refuse = (value: BufferedValue, error: unknown) => {
    failed += 1;
    const reason = messageOf(error);
    const kind = error instanceof RecordRefused ? error.kind : 'unexpected';
    const key = `${kind}:${value.topicPath}`;
    if (refusalsLogged.has(key) || refusalsLogged.size >= MAX_LOGGED_REFUSALS) return;
    refusalsLogged.add(key);
    log.warn(
      `${where}: the value of topic "${value.topicPath}" is not sent to Kafka: ${reason} (later values of this topic refused for the same reason are counted, not logged)`,
      fields,
    );
  };

  const prepare = async (batch: readonly BufferedValue[]): Promise<KafkaRecordOut[]> => {
    const records: KafkaRecordOut[] = [];
    for (const value of batch) {
      try {
        records.push(await maker.make(value.topicPath, value.payload));
      } catch (error) {
        refuse(value, error);
      }
    }
    return records;
  };

  const noteFailure = (error: unknown) => {
    failures += 1;
    if (outageSince !== null) return;
    outageSince = Date.now();
    log.warn(
      `${where} cannot reach Kafka cluster "${cluster.label}": ${messageOf(error)}. Values wait in its buffer (at most ${boundsInWords}) and are retried until it answers`,
      fields,
    );
  };

  const noteDelivered = (count: number) => {
    produced += count;
    rate.add(count);
    failures = 0;
    if (outageSince !== null) {
      const seconds = ((Date.now() - outageSince) / 1000).toFixed(1);
      log.info(
        `${where} reaches Kafka cluster "${cluster.label}" again after ${seconds} s; ${buffer.records} buffered values follow`,
        fields,
      );
      outageSince = null;
    }
  };

  /** Called once a batch is done with: the overflow episode ends when the buffer has room again. */
  const noteRoom = () => {
    const roomy = buffer.records <= bounds.maxRecords / 2 && buffer.bytes <= bounds.maxBytes / 2;
    if (buffer.overflowDropped > 0 && roomy) {
      log.warn(`${where}: ${buffer.endOverflow()} values were dropped while its buffer was full`, {
        ...fields,
      });
    }
  };

  const refusedByKafka = (record: KafkaRecordOut, error: unknown) => {
    failed += 1;
    const key = `kafka:${record.kafkaTopic}`;
    if (refusalsLogged.has(key) || refusalsLogged.size >= MAX_LOGGED_REFUSALS) return;
    refusalsLogged.add(key);
    log.warn(
      `${where}: Kafka cluster "${cluster.label}" refused a value for Kafka topic "${record.kafkaTopic}" (${refusalReason(error)}); it is not sent again (later refusals for this topic are counted, not logged)`,
      fields,
    );
  };

  const produce = (records: readonly KafkaRecordOut[]) =>
    producer.sendBatch({
      acks: -1,
      timeout: publisher.framework.updateTimeoutMs,
      topicMessages: topicMessagesOf(records),
    });

  /**
   * `oneByOne`: Kafka refused something in this batch (send-errors.ts), so each record goes alone and only the
   * refused ones are given up; the records already delivered leave `records` as they go, so an outage in the
   * middle retries only the rest.
   */
  let pending: { batch: BufferedValue[]; records: KafkaRecordOut[]; oneByOne: boolean } | null =
    null;
  const sendPending = async (current: NonNullable<typeof pending>) => {
    if (!current.oneByOne) {
      await produce(current.records);
      noteDelivered(current.records.length);
      current.records = [];
      return;
    }
    while (current.records.length > 0) {
      const [record] = current.records as [KafkaRecordOut];
      try {
        await produce([record]);
        noteDelivered(1);
      } catch (error) {
        if (!isRecordRefusal(error)) throw error;
        refusedByKafka(record, error);
      }
      current.records = current.records.slice(1);
    }
  };

  const send = async () => {
    while (true) {
      if (stopping && (!connected || Date.now() > stopDeadline)) break;
      if (pending === null) {
        if (buffer.queued === 0) {
          if (stopping) break;
          await waitForWork();
          continue;
        }
        // Kafka's linger.ms: a few ms for more values makes one request of many instead of many of one each.
        if (buffer.queued < BATCH.maxRecords && !stopping) await pause(LINGER_MS);
        const batch = buffer.take(BATCH.maxRecords, BATCH.maxBytes);
        pending = { batch, records: await prepare(batch), oneByOne: false };
      }
      if (pending.records.length === 0) {
        buffer.release(pending.batch);
        pending = null;
        noteRoom();
        continue;
      }
      try {
        if (!connected) {
          await producer.connect();
          connected = true;
        }
        await sendPending(pending);
        buffer.release(pending.batch);
        pending = null;
        noteRoom();
      } catch (error) {
        if (pending !== null && !pending.oneByOne && isRecordRefusal(error)) {
          pending.oneByOne = true;
          continue;
        }
        noteFailure(error);
        // A fresh connection next time: the failed one may be half-open after a broker went away.
        connected = false;
        await producer.disconnect().catch(() => undefined);
        if (stopping) break;
        await pause(retryDelayMs(failures));
      }
    }
  };

  const sending = send().catch((error: unknown) => {
    log.error(`${where} stopped sending after an unexpected error: ${messageOf(error)}`, fields);
  });

  mqtt.on('message', onMessage);
  try {
    await holdFilters(mqtt, filters);
  } catch (error) {
    stopping = true;
    mqtt.off('message', onMessage);
    wakeForWork();
    await sending;
    throw new PublisherSettingsError(
      `${where} cannot subscribe to ${filters.join(', ')}: ${messageOf(error)}`,
      { cause: error },
    );
  }
  log.info(
    `${where} sends the values of ${publisher.framework.heraldTopicSelector} to Kafka cluster "${cluster.label}"`,
    { ...fields, filters },
  );

  let stopped: Promise<void> | null = null;
  return {
    stats: () => ({
      produced,
      failed,
      buffered: buffer.records,
      bufferedBytes: buffer.bytes,
      ratePerSecond: rate.perSecond(),
    }),
    stop() {
      stopped ??= (async () => {
        stopping = true;
        stopDeadline = Date.now() + STOP_FLUSH_MS;
        mqtt.off('message', onMessage);
        await releaseFilters(mqtt, filters);
        wakeForWork();
        endPause();
        await sending;
        const left = (pending?.records.length ?? 0) + buffer.drain().length;
        if (pending !== null) buffer.release(pending.batch);
        pending = null;
        failed += left;
        await producer.disconnect().catch(() => undefined);
        if (left > 0) {
          log.warn(
            `${where} stopped with ${left} values not delivered to Kafka cluster "${cluster.label}"`,
            fields,
          );
        }
        log.info(`${where} stopped: ${produced} values produced, ${failed} not delivered`, fields);
      })();
      return stopped;
    },
  };
}
