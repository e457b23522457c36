import { z } from 'zod';

/**
 * GET /v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/state: what the adapter process reports about
 * itself right now (issue 27 items 8 and 9). Not in the spec: the live state of the adapter list (connected, lag
 * per subscriber, messages per second each way) and the subscriber's "sample" panel read it.
 */

/** One Kafka record a subscriber consumed, and the topic of ours it became. */
export const kafkaConsumedSampleSchema = z.object({
  kafkaTopic: z.string(),
  partition: z.number().int().nonnegative(),
  offset: z.string(),
  /** null: the record had no key. */
  key: z.string().nullable(),
  /** The topic path the record was written to. */
  topicPath: z.string(),
  /** The value as written to the topic, as text (converters applied). */
  value: z.string(),
  /** Unix milliseconds when it was consumed. */
  at: z.number().int().nonnegative(),
});
export type KafkaConsumedSample = z.infer<typeof kafkaConsumedSampleSchema>;

/** What the adapter process reports on its own `GET /state` (its member's view; both members share the groups). */
export const kafkaAdapterProcessStateSchema = z.object({
  clusters: z.array(
    z.object({ id: z.string(), connected: z.boolean(), error: z.string().optional() }),
  ),
  subscribers: z.array(
    z.object({
      id: z.string(),
      /** Records in Kafka not yet consumed by the subscriber's group, over its partitions. */
      lag: z.number().int().nonnegative(),
      /** Records consumed per second, lately. */
      ratePerSecond: z.number().nonnegative(),
      /** The last records consumed, newest first. */
      samples: z.array(kafkaConsumedSampleSchema),
    }),
  ),
  publishers: z.array(
    z.object({
      id: z.string(),
      produced: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      /** Values waiting for Kafka (while it is away: bounded). */
      buffered: z.number().int().nonnegative(),
      /** Records produced per second, lately. */
      ratePerSecond: z.number().nonnegative(),
    }),
  ),
});
export type KafkaAdapterProcessState = z.infer<typeof kafkaAdapterProcessStateSchema>;

/**
 * The route's answer: the first member's report, or empty lists with `running: false` while no process answers
 * (disabled, starting, or crashed and waiting to restart); `status` is the adapter's in section 4's words.
 */
export const kafkaAdapterStateSchema = kafkaAdapterProcessStateSchema.extend({
  running: z.boolean(),
  status: z.string(),
});
export type KafkaAdapterState = z.infer<typeof kafkaAdapterStateSchema>;

/**
 * How often an open adapter screen asks for the live state. Ours (the spec has no Kafka state): quicker than the
 * service's live metrics (15 s, section 9), since a person checking a new mapping watches records arrive.
 */
export const KAFKA_STATE_POLL_MS = 5_000;
