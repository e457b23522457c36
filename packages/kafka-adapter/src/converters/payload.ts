import type { PayloadKind } from '@herald/contract/kafka/payload-converter-chain';

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * A value on its way through a converter chain. A Kafka value deserialised by its type (STRING, JSON, INTEGER,
 * LONG, DOUBLE, BYTE_ARRAY) starts as one of these; each converter takes some kinds and gives one.
 */
export type Payload =
  | { kind: 'json'; value: JsonValue }
  | { kind: 'string'; value: string }
  | { kind: 'bytes'; value: Uint8Array }
  | { kind: 'number'; value: number }
  | { kind: 'long'; value: bigint };

export type PayloadOf<K extends PayloadKind> = Extract<Payload, { kind: K }>;

/** Where a value came from, for error messages: a Kafka record, or the value of one of our topics. */
export type RecordRef =
  { kafkaTopic: string; partition: number; offset: string } | { topicPath: string };

export function describeRecord(record: RecordRef): string {
  if ('topicPath' in record) return `the value of topic "${record.topicPath}"`;
  return `the record at offset ${record.offset} of Kafka topic "${record.kafkaTopic}" partition ${record.partition}`;
}

/** What a conversion knows besides the value. */
export interface ConversionContext {
  record: RecordRef;
  /** The Kafka topic the value is read from or produced to (the default schema registry subject is named by it). */
  kafkaTopic: string;
}
