import { describe, expect, it } from 'vitest';
import type { KafkaDataType } from '@herald/contract/kafka/kafka-adapter.schema';
import { readKafkaValue, writeKafkaValue } from './kafka-value-types';
import type { Payload } from './payload';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

describe('Kafka values by type, as Kafka’s standard serialisers write them', () => {
  it.each<[KafkaDataType, string, Payload]>([
    ['STRING', '68c3a9', { kind: 'string', value: 'hé' }],
    ['JSON', '7b2262223a317d', { kind: 'json', value: { b: 1 } }],
    ['INTEGER', 'ffffffff', { kind: 'number', value: -1 }],
    ['INTEGER', '0000002a', { kind: 'number', value: 42 }],
    ['LONG', '0020000000000001', { kind: 'long', value: 9_007_199_254_740_993n }],
    ['DOUBLE', '3ff8000000000000', { kind: 'number', value: 1.5 }],
    ['BYTE_ARRAY', '00ff', { kind: 'bytes', value: hex('00ff') }],
  ])('%s %s reads as %o and writes back', (type, bytes, payload) => {
    expect(readKafkaValue(type, hex(bytes))).toEqual(payload);
    expect(Buffer.from(writeKafkaValue(type, payload)).toString('hex')).toBe(bytes);
  });

  it.each<[KafkaDataType, string, string]>([
    ['INTEGER', '0001', 'INTEGER values are 4 bytes long, but this one is 2'],
    ['LONG', '00', 'LONG values are 8 bytes long, but this one is 1'],
    ['DOUBLE', '', 'DOUBLE values are 8 bytes long, but this one is 0'],
    ['STRING', 'fffe', 'the bytes are not UTF-8 text'],
    ['JSON', '7b', 'the text is not JSON ('],
  ])('refuses to read %s %s: %s', (type, bytes, message) => {
    expect(() => readKafkaValue(type, hex(bytes))).toThrow(message);
  });

  it.each<[KafkaDataType, Payload, string]>([
    ['STRING', { kind: 'json', value: { b: 1 } }, '{"b":1}'],
    ['STRING', { kind: 'long', value: 12n }, '12'],
    ['JSON', { kind: 'string', value: ' {"b": 1} ' }, '{"b":1}'],
    ['JSON', { kind: 'number', value: 2.5 }, '2.5'],
    ['JSON', { kind: 'long', value: 9_007_199_254_740_993n }, '9007199254740993'],
    ['BYTE_ARRAY', { kind: 'string', value: 'hi' }, 'hi'],
  ])('writes %s from %o as %s', (type, payload, text) => {
    expect(Buffer.from(writeKafkaValue(type, payload)).toString('utf8')).toBe(text);
  });

  it.each<[KafkaDataType, Payload, string]>([
    [
      'INTEGER',
      { kind: 'json', value: 2 ** 31 },
      '2147483648 does not fit in an INTEGER (32 bits)',
    ],
    [
      'INTEGER',
      { kind: 'number', value: 1.5 },
      'an INTEGER value needs a whole number, but the value is number',
    ],
    [
      'LONG',
      { kind: 'string', value: '7' },
      'a LONG value needs a whole number, but the value is string',
    ],
    [
      'LONG',
      { kind: 'long', value: 2n ** 63n },
      '9223372036854775808 does not fit in a LONG (64 bits)',
    ],
    [
      'DOUBLE',
      { kind: 'json', value: 'x' },
      'a DOUBLE value needs a number, but the value is json',
    ],
    [
      'STRING',
      { kind: 'bytes', value: hex('00') },
      'the value is bytes, not text; choose the type BYTE_ARRAY',
    ],
    ['JSON', { kind: 'string', value: 'bid=1' }, 'the text is not JSON ('],
    [
      'JSON',
      { kind: 'bytes', value: hex('00') },
      'the value is bytes, not JSON; choose the type BYTE_ARRAY',
    ],
    ['JSON', { kind: 'number', value: Number.NaN }, 'the number NaN has no JSON form'],
  ])('refuses to write %s from %o: %s', (type, payload, message) => {
    expect(() => writeKafkaValue(type, payload)).toThrow(message);
  });
});
