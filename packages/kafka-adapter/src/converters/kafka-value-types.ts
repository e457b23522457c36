import type { KafkaDataType } from '@herald/contract/kafka/kafka-adapter.schema';
import { ConversionFailure } from './conversion-error';
import type { JsonValue, Payload } from './payload';
import { stringToJson } from './simple-converters';
import { textOf } from './text-payload';

/**
 * A record key or value and the key and value types of section 3, as Kafka's standard serialisers write them:
 * STRING is UTF-8, JSON is UTF-8 JSON text, INTEGER 4 bytes and LONG 8 bytes two's complement big-endian, DOUBLE
 * 8 bytes IEEE 754 big-endian, BYTE_ARRAY the bytes as they are. What a subscriber reads starts its converter chain;
 * what a publisher's chain ends with is written this way.
 */
const FIXED_LENGTH = { INTEGER: 4, LONG: 8, DOUBLE: 8 } as const;

export function readKafkaValue(type: KafkaDataType, bytes: Uint8Array): Payload {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'INTEGER' || type === 'LONG' || type === 'DOUBLE') {
    const length = FIXED_LENGTH[type];
    if (buffer.length !== length) {
      throw new ConversionFailure(
        `${type} values are ${length} bytes long, but this one is ${buffer.length}`,
      );
    }
  }
  switch (type) {
    case 'STRING':
      return { kind: 'string', value: textOf({ kind: 'bytes', value: bytes }) };
    case 'JSON':
      return stringToJson({ kind: 'bytes', value: bytes });
    case 'INTEGER':
      return { kind: 'number', value: buffer.readInt32BE(0) };
    case 'LONG':
      return { kind: 'long', value: buffer.readBigInt64BE(0) };
    case 'DOUBLE':
      return { kind: 'number', value: buffer.readDoubleBE(0) };
    case 'BYTE_ARRAY':
      return { kind: 'bytes', value: bytes };
  }
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** The number a payload holds, if it holds one (a JSON number counts). */
function numberOf(payload: Payload): number | bigint | null {
  if (payload.kind === 'number' || payload.kind === 'long') return payload.value;
  if (payload.kind === 'json' && typeof payload.value === 'number') return payload.value;
  return null;
}

function textForKafka(payload: Payload): string {
  switch (payload.kind) {
    case 'string':
      return payload.value;
    case 'json':
      return JSON.stringify(payload.value);
    case 'number':
    case 'long':
      return payload.value.toString();
    case 'bytes':
      throw new ConversionFailure('the value is bytes, not text; choose the type BYTE_ARRAY');
  }
}

/** JSON text; text must already be JSON (a STRING topic holding `{"bid":1}` is sent as that object). */
function jsonTextForKafka(payload: Payload): string {
  switch (payload.kind) {
    case 'string':
      return JSON.stringify((stringToJson(payload) as { value: JsonValue }).value);
    case 'json':
      return JSON.stringify(payload.value);
    case 'number':
      if (!Number.isFinite(payload.value)) {
        throw new ConversionFailure(`the number ${payload.value} has no JSON form`);
      }
      return String(payload.value);
    case 'long':
      // Its digits: exact, where a JavaScript number would round past 2^53.
      return payload.value.toString();
    case 'bytes':
      throw new ConversionFailure('the value is bytes, not JSON; choose the type BYTE_ARRAY');
  }
}

export function writeKafkaValue(type: KafkaDataType, payload: Payload): Uint8Array {
  switch (type) {
    case 'STRING':
      return Buffer.from(textForKafka(payload), 'utf8');
    case 'JSON':
      return Buffer.from(jsonTextForKafka(payload), 'utf8');
    case 'BYTE_ARRAY':
      return payload.kind === 'bytes' ? payload.value : Buffer.from(textForKafka(payload), 'utf8');
    case 'INTEGER': {
      const value = numberOf(payload);
      if (value === null || !Number.isInteger(Number(value))) {
        throw new ConversionFailure(
          `an INTEGER value needs a whole number, but the value is ${payload.kind}`,
        );
      }
      if (value < INT32.min || value > INT32.max) {
        throw new ConversionFailure(`${value} does not fit in an INTEGER (32 bits)`);
      }
      const buffer = Buffer.alloc(4);
      buffer.writeInt32BE(Number(value), 0);
      return buffer;
    }
    case 'LONG': {
      const value = numberOf(payload);
      if (value === null || (typeof value === 'number' && !Number.isSafeInteger(value))) {
        throw new ConversionFailure(
          `a LONG value needs a whole number, but the value is ${payload.kind}`,
        );
      }
      const long = BigInt(value);
      if (long < INT64.min || long > INT64.max) {
        throw new ConversionFailure(`${long} does not fit in a LONG (64 bits)`);
      }
      const buffer = Buffer.alloc(8);
      buffer.writeBigInt64BE(long, 0);
      return buffer;
    }
    case 'DOUBLE': {
      const value = numberOf(payload);
      if (value === null)
        throw new ConversionFailure(
          `a DOUBLE value needs a number, but the value is ${payload.kind}`,
        );
      const buffer = Buffer.alloc(8);
      buffer.writeDoubleBE(Number(value), 0);
      return buffer;
    }
  }
}
