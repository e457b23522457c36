import { describe, expect, it } from 'vitest';
import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
import { buildConverterChain } from '../converters/converter-chain';
import { payloadOfTopicValue, recordMaker, RecordRefused } from './kafka-record';
import { publisherSettings } from './testing/publisher-settings';

function maker(changes: Partial<KafkaPublisher>) {
  const publisher = publisherSettings({ selector: '>a//', ...changes });
  return recordMaker(
    publisher,
    buildConverterChain(publisher.payloadConverters, { registry: null }),
  );
}

const int32 = (n: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(n);
  return buffer;
};
const int64 = (n: bigint) => {
  const buffer = Buffer.alloc(8);
  buffer.writeBigInt64BE(n);
  return buffer;
};
const double = (n: number) => {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleBE(n);
  return buffer;
};

describe('a value of our topic as a Kafka record', () => {
  it.each<[string, Partial<KafkaPublisher>, string | Buffer, Buffer]>([
    ['STRING text', { valueType: 'STRING' }, 'héllo', Buffer.from('héllo')],
    ['STRING of a JSON topic', { valueType: 'STRING' }, '{"a": 1}', Buffer.from('{"a":1}')],
    ['JSON object', { valueType: 'JSON' }, '{"a":[1,2]}', Buffer.from('{"a":[1,2]}')],
    ['JSON number text', { valueType: 'JSON' }, '42', Buffer.from('42')],
    ['INTEGER', { valueType: 'INTEGER' }, '-7', int32(-7)],
    ['LONG past 2^53', { valueType: 'LONG' }, '9007199254740993', int64(9007199254740993n)],
    ['DOUBLE', { valueType: 'DOUBLE' }, '1.25', double(1.25)],
    [
      'BYTE_ARRAY of bytes',
      { valueType: 'BYTE_ARRAY' },
      Buffer.from([0xff, 0, 1]),
      Buffer.from([0xff, 0, 1]),
    ],
    ['BYTE_ARRAY of text', { valueType: 'BYTE_ARRAY' }, 'abc', Buffer.from('abc')],
    [
      'CSV → JSON → text',
      {
        valueType: 'STRING',
        payloadConverters: [
          { name: '$CSV_to_JSON', parameters: { headers: ['bid', 'ask'] } },
          { name: '$JSON_to_String', parameters: {} },
        ],
      },
      '1.1,1.2',
      Buffer.from('{"bid":"1.1","ask":"1.2"}'),
    ],
    [
      '$Object_to_JSON of text as JSON',
      { valueType: 'JSON', payloadConverters: [{ name: '$Object_to_JSON', parameters: {} }] },
      'plain',
      Buffer.from('"plain"'),
    ],
    [
      '$JSON_to_String first reads any JSON',
      { valueType: 'STRING', payloadConverters: [{ name: '$JSON_to_String', parameters: {} }] },
      '7',
      Buffer.from('7'),
    ],
  ])('%s', async (_, changes, input, expected) => {
    const record = await maker(changes).make('a/b', Buffer.from(input));
    expect(record.value).toEqual(expected);
  });

  it('is produced to the topic path with / → . and keyed by the path unless keyValue says', async () => {
    const byPath = await maker({}).make('sensors/hall/1', Buffer.from('x'));
    expect(byPath).toMatchObject({ kafkaTopic: 'sensors.hall.1' });
    expect(byPath.key.toString()).toBe('sensors/hall/1');
    const fixed = await maker({ keyValue: 'k1', kafkaTopicPattern: 'herald-${topic}' }).make(
      'a/b',
      Buffer.from('x'),
    );
    expect(fixed.kafkaTopic).toBe('herald-a.b');
    expect(fixed.key.toString()).toBe('k1');
  });

  it.each<[string, Partial<KafkaPublisher>, string, string, RegExp]>([
    ['a path Kafka cannot name', {}, 'a/é', 'x', /Kafka allows only letters/],
    [
      'text as an INTEGER',
      { valueType: 'INTEGER' },
      'a/b',
      'many',
      /INTEGER value needs a whole number/,
    ],
    ['an INTEGER past 32 bits', { valueType: 'INTEGER' }, 'a/b', '2147483648', /does not fit/],
    [
      'a converter that fails',
      { payloadConverters: [{ name: '$String_to_JSON', parameters: {} }] },
      'a/b',
      'not json',
      /\$String_to_JSON could not convert the value of topic "a\/b"/,
    ],
  ])('refuses %s in words', async (_, changes, path, input, reason) => {
    const failure = maker(changes).make(path, Buffer.from(input));
    await expect(failure).rejects.toBeInstanceOf(RecordRefused);
    await expect(failure).rejects.toThrow(reason);
  });
});

describe('payloadOfTopicValue', () => {
  it.each([
    ['{"a":1}', 'json'],
    ['[1]', 'json'],
    ['{not json', 'string'],
    ['42', 'string'],
    ['"x"', 'string'],
  ])('reads %s as %s without a chain (STRING)', (text, kind) => {
    expect(payloadOfTopicValue(Buffer.from(text), [], 'STRING').kind).toBe(kind);
  });

  it('reads bytes that are not UTF-8 as bytes', () => {
    expect(payloadOfTopicValue(Buffer.from([0xc3, 0x28]), [], 'STRING').kind).toBe('bytes');
  });
});
