import type { KafkaMessage } from 'kafkajs';
import type { MqttClient } from 'mqtt';
import type { KafkaSubscriber } from '@herald/contract/kafka/kafka-adapter.schema';
import { heraldTopicFor } from '@herald/contract/kafka/kafka-topic-patterns';
import type { SubscriberValueKind } from '@herald/contract/kafka/subscriber-topics';
import { checkPayload } from '@herald/contract/topics/topic-values';
import type { Logger } from '@herald/runtime/log';
import type { ConverterChain } from '../converters/converter-chain';
import { messageOf } from '../converters/conversion-error';
import { readKafkaValue } from '../converters/kafka-value-types';
import { RuntimeAdminError } from '@herald/adapter-kit/runtime-admin';
import { keyText, mqttPayloadOf } from './record-value';
import type { SubscriberCounters, WrittenRecord } from './subscriber-stats';
import type { TopicEnsurer } from './topic-ensurer';

/**
 * One consumed record on its way to our topic (issue 27 item 3): read by the key and value types, converted by the
 * chain, its topic named by `heraldTopicPattern` and created first, the value checked against the topic's type (a
 * refused MQTT publish would close the adapter's connection), then published QoS 1.
 *
 * - The runtime away (no ready file, no answer) is waited for without counting.
 * - A refusal (the admin API's 4xx, a value the topic's type refuses) is tried again `publicationRetries` times
 *   `retryIntervalMs` apart, then the record is logged and counted as failed and settled, so its offset is passed:
 *   a record that can never be written would otherwise hold its partition forever.
 * - A record that cannot be converted or has no topic is logged and counted at once: a retry cannot change it.
 * - A stop while the runtime is away, or before the acknowledgement, abandons the record: it stays unsettled, so
 *   its offset is not committed and it is read again.
 */
export type DeliverRecord = (
  topic: string,
  partition: number,
  message: KafkaMessage,
) => Promise<{ sent: Promise<void> }>;

/** Not settled: read again after the restart. */
export class Abandoned extends Error {}
class Refused extends Error {}
class Failed extends Error {}

/** How often a record waits to be retried while the runtime is away (not counted as an attempt). */
const RUNTIME_AWAY_RETRY_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRecordDelivery(options: {
  subscriber: KafkaSubscriber;
  mqtt: MqttClient;
  topics: TopicEnsurer;
  chain: ConverterChain;
  log: Logger;
  counters: SubscriberCounters;
  where: Record<string, string>;
  isStopping: () => boolean;
}): DeliverRecord {
  const { subscriber, mqtt, topics, chain, log, counters, where, isStopping } = options;

  async function ensureWritable(path: string, kind: SubscriberValueKind, bytes: Buffer) {
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
          if (isStopping()) throw new Abandoned(messageOf(error));
          await sleep(RUNTIME_AWAY_RETRY_MS);
          continue;
        }
        refusals += 1;
        if (refusals > publicationRetries || isStopping()) {
          throw new Failed(`${messageOf(error)} (after ${refusals} attempts)`);
        }
        // Someone may change the topic meanwhile: read it again on the next attempt.
        topics.forget();
        await sleep(retryIntervalMs);
      }
    }
  }

  return async (topic, partition, message) => {
    const recordRef = { kafkaTopic: topic, partition, offset: message.offset };
    const describe = `record at offset ${message.offset} of Kafka topic "${topic}" partition ${partition}`;
    let prepared: WrittenRecord;
    try {
      const key = keyText(subscriber.keyType, message.key);
      const value = readKafkaValue(subscriber.valueType, message.value ?? Buffer.alloc(0));
      const converted = await chain.convert(value, { record: recordRef, kafkaTopic: topic });
      const { kind, bytes } = mqttPayloadOf(converted);
      const path = heraldTopicFor(subscriber.heraldTopicPattern, { topic, partition, key });
      if (!path.ok) throw new Failed(path.message);
      await ensureWritable(path.value, kind, bytes);
      prepared = {
        kafkaTopic: topic,
        partition,
        offset: message.offset,
        key,
        topicPath: path.value,
        kind,
        bytes,
        at: 0,
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
      mqtt.publish(prepared.topicPath, prepared.bytes, { qos: 1 }, (error) => {
        if (error) {
          // Only when the client was ended (a stop): the record stays uncommitted and is read again next time.
          log.warn(
            `Subscriber "${subscriber.label}" stopped before the ${describe} was acknowledged`,
            where,
          );
          reject(new Abandoned(messageOf(error)));
          return;
        }
        prepared.at = Date.now();
        counters.recordPublished(prepared, prepared.at);
        resolve();
      });
    });
    return { sent };
  };
}
