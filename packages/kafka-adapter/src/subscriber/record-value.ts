import type { KafkaDataType } from '@herald/contract/kafka/kafka-adapter.schema';
import type { SubscriberValueKind } from '@herald/contract/kafka/subscriber-topics';
import { ConversionFailure } from '../converters/conversion-error';
import { readKafkaValue } from '../converters/kafka-value-types';
import type { Payload } from '../converters/payload';

/**
 * A consumed record's key as the text `${key}` of a heraldTopicPattern stands for (null: the record has none),
 * read by the subscriber's key type: numbers as their decimal text, JSON as its text, bytes as UTF-8.
 */
export function keyText(type: KafkaDataType, key: Buffer | null): string | null {
  if (key === null) return null;
  const payload = readKafkaValue(type, key);
  switch (payload.kind) {
    case 'string':
      return payload.value;
    case 'json':
      return typeof payload.value === 'string' ? payload.value : JSON.stringify(payload.value);
    case 'number':
    case 'long':
      return String(payload.value);
    case 'bytes':
      return new TextDecoder('utf-8').decode(payload.value);
  }
}

/**
 * The bytes published to our topic for a converted value, as the runtime reads each type (contract
 * topics/topic-values.ts: INT64 and DOUBLE as decimal text, JSON as JSON text, BINARY as is).
 */
export function mqttPayloadOf(payload: Payload): { kind: SubscriberValueKind; bytes: Buffer } {
  switch (payload.kind) {
    case 'json':
      return { kind: 'json', bytes: Buffer.from(JSON.stringify(payload.value)) };
    case 'string':
      return { kind: 'string', bytes: Buffer.from(payload.value) };
    case 'number':
      if (!Number.isFinite(payload.value)) {
        throw new ConversionFailure(`${payload.value} is not a finite number`);
      }
      return { kind: 'number', bytes: Buffer.from(String(payload.value)) };
    case 'long':
      return { kind: 'long', bytes: Buffer.from(payload.value.toString()) };
    case 'bytes':
      return { kind: 'bytes', bytes: Buffer.from(payload.value) };
  }
}

const SAMPLE_CHARS = 1024;

/** The first 1 KB of a published value as the sample panel shows it: text as text, binary as base64. */
export function sampleText(kind: SubscriberValueKind, bytes: Buffer): string {
  const text = kind === 'bytes' ? bytes.toString('base64') : bytes.toString('utf8');
  return text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
}
