import { describe, expect, it } from 'vitest';
import {
  checkPayload,
  checkTopicValue,
  decodeTopicValue,
  encodeTopicValue,
  inferTopicType,
  typeForValue,
} from './topic-values';
import type { TopicProperties, TopicType } from './topic.schema';
import { MAX_JSON_DEPTH } from '../common/json-limits';

const text = (value: string) => new TextEncoder().encode(value);
const series = (eventType: string): TopicProperties => ({
  TIME_SERIES_EVENT_VALUE_TYPE: eventType,
});
/** `[[...[1]...]]` nested `depth` levels, as text and as a value. */
const nestedText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const nested = (depth: number): unknown => JSON.parse(nestedText(depth));
const TOO_DEEP_JSON = `value of a JSON topic must not be nested more than ${MAX_JSON_DEPTH} levels deep`;

describe('checkTopicValue (admin API wire values)', () => {
  it.each<[TopicType, TopicProperties, unknown, string | null]>([
    ['JSON', {}, { a: 1 }, null],
    ['JSON', {}, 'text', null],
    ['JSON', {}, 3, null],
    ['JSON', {}, { reading: Infinity }, 'value of a JSON topic must hold finite numbers only'],
    ['JSON', {}, JSON.parse('[1e400]'), 'value of a JSON topic must hold finite numbers only'],
    ['DOUBLE', {}, JSON.parse('1e400'), 'value of a DOUBLE topic must be a finite number'],
    ['STRING', {}, 'hello', null],
    ['STRING', {}, 42, 'value of a STRING topic must be a string'],
    ['INT64', {}, 42, null],
    ['INT64', {}, -9007199254740991, null],
    ['INT64', {}, '9223372036854775807', null],
    ['INT64', {}, '-9223372036854775808', null],
    ['INT64', {}, '9223372036854775808', 'value of an INT64 topic must be a 64-bit integer'],
    ['INT64', {}, 1.5, 'value of an INT64 topic must be a 64-bit integer'],
    ['INT64', {}, 2 ** 60, 'value of an INT64 topic must be a 64-bit integer'],
    ['INT64', {}, '12a', 'value of an INT64 topic must be a 64-bit integer'],
    ['DOUBLE', {}, 21.5, null],
    ['DOUBLE', {}, '21.5', 'value of a DOUBLE topic must be a finite number'],
    ['BINARY', {}, 'SGVsbG8=', null],
    ['BINARY', {}, 'SGVsbG8', 'value of a BINARY topic must be base64'],
    ['BINARY', {}, 'not base64!', 'value of a BINARY topic must be base64'],
    ['TIME_SERIES', series('DOUBLE'), 1.25, null],
    [
      'TIME_SERIES',
      series('DOUBLE'),
      'x',
      'value of an event of a DOUBLE time series must be a finite number',
    ],
    ['TIME_SERIES', {}, { any: 'json' }, null],
    [
      'TIME_SERIES',
      series('INT64'),
      1.5,
      'value of an event of an INT64 time series must be a 64-bit integer',
    ],
  ])('%s %j: %j → %s', (type, properties, value, message) => {
    const check = checkTopicValue(type, properties, value);
    expect(check).toEqual(message === null ? { ok: true } : { ok: false, message });
  });
});

describe('checkTopicValue bounds the nesting of JSON values', () => {
  it.each<[string, TopicType, unknown, string | null]>([
    ['a JSON value nested exactly the limit', 'JSON', nested(MAX_JSON_DEPTH), null],
    ['a JSON value one level deeper', 'JSON', nested(MAX_JSON_DEPTH + 1), TOO_DEEP_JSON],
    ['a JSON value 10,000 levels deep', 'JSON', nested(10_000), TOO_DEEP_JSON],
    [
      'a JSON event 10,000 levels deep',
      'TIME_SERIES',
      nested(10_000),
      `value of an event of a JSON time series must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
    ],
  ])('%s', (_name, type, value, message) => {
    const check = checkTopicValue(type, {}, value);
    expect(check).toEqual(message === null ? { ok: true } : { ok: false, message });
  });
});

describe('encodeTopicValue and decodeTopicValue', () => {
  it.each<[TopicType, TopicProperties, unknown, string]>([
    ['JSON', {}, { a: [1, 2] }, '{"a":[1,2]}'],
    ['STRING', {}, 'héllo', 'héllo'],
    ['INT64', {}, 42, '42'],
    ['INT64', {}, '9223372036854775807', '9223372036854775807'],
    ['DOUBLE', {}, 21.5, '21.5'],
    ['BINARY', {}, 'SGVsbG8=', 'Hello'],
    ['TIME_SERIES', series('STRING'), 'event', 'event'],
  ])('%s round-trips %j through the payload %s', (type, properties, value, payload) => {
    const encoded = encodeTopicValue(type, properties, value);
    if (!encoded.ok) throw new Error(encoded.message);
    expect(new TextDecoder().decode(encoded.payload)).toBe(payload);
    expect(decodeTopicValue(type, properties, encoded.payload)).toEqual(value);
  });

  it('refuses a value that does not fit, naming the type', () => {
    expect(encodeTopicValue('INT64', {}, 'x')).toEqual({
      ok: false,
      message: 'value of an INT64 topic must be a 64-bit integer',
    });
  });

  it('decodes what MQTT clients sent as before: JSON that does not parse as text, no value as null', () => {
    expect(decodeTopicValue('JSON', {}, text('{oops'))).toBe('{oops');
    expect(decodeTopicValue('INT64', {}, text('123456789012345678'))).toBe('123456789012345678');
    expect(decodeTopicValue('DOUBLE', {}, text('abc'))).toBe('abc');
    expect(decodeTopicValue('BINARY', {}, new Uint8Array([0, 255]))).toBe('AP8=');
    expect(decodeTopicValue('STRING', {}, null)).toBeNull();
  });

  it('decodes a JSON value stored nested past the limit (by an older runtime) as its text, never parsed', () => {
    const deep = nestedText(10_000);
    expect(decodeTopicValue('JSON', {}, text(deep))).toBe(deep);
    // What an answer does with it: serialising the decoded value must not overflow the stack.
    expect(() => JSON.stringify({ value: decodeTopicValue('JSON', {}, text(deep)) })).not.toThrow();
    expect(decodeTopicValue('JSON', {}, text(nestedText(MAX_JSON_DEPTH)))).toEqual(
      nested(MAX_JSON_DEPTH),
    );
  });

  it('encodes large binary values', () => {
    const bytes = new Uint8Array(200_000).map((_, index) => index % 256);
    const base64 = decodeTopicValue('BINARY', {}, bytes) as string;
    const encoded = encodeTopicValue('BINARY', {}, base64);
    if (!encoded.ok) throw new Error(encoded.message);
    // Compared byte by byte: a deep equality over 200,000 elements takes seconds and times out on a busy machine.
    expect(encoded.payload.length).toBe(bytes.length);
    expect(encoded.payload.findIndex((byte, index) => byte !== bytes[index])).toBe(-1);
  });
});

describe('checkPayload (MQTT publishes)', () => {
  const validating: TopicProperties = { VALIDATE_VALUES: 'true' };
  it.each<[TopicType, TopicProperties, Uint8Array, string | null]>([
    ['INT64', {}, text('42'), null],
    ['INT64', {}, text('-9223372036854775808'), null],
    ['INT64', {}, text('9223372036854775808'), 'value of an INT64 topic must be a 64-bit integer'],
    ['INT64', {}, text('4.2'), 'value of an INT64 topic must be a 64-bit integer'],
    ['DOUBLE', {}, text('-1.5e3'), null],
    ['DOUBLE', {}, text('NaN'), 'value of a DOUBLE topic must be the text of a finite number'],
    ['DOUBLE', {}, text('1e999'), 'value of a DOUBLE topic must be the text of a finite number'],
    ['BINARY', {}, new Uint8Array([0, 255, 1]), null],
    ['JSON', {}, text('not json'), null],
    ['JSON', validating, text('not json'), 'value of a JSON topic must be JSON text'],
    ['JSON', validating, text('{"a":1}'), null],
    ['JSON', {}, text(nestedText(MAX_JSON_DEPTH)), null],
    ['JSON', {}, text(nestedText(MAX_JSON_DEPTH + 1)), TOO_DEEP_JSON],
    ['JSON', validating, text(nestedText(10_000)), TOO_DEEP_JSON],
    ['STRING', {}, text(nestedText(10_000)), null],
    [
      'TIME_SERIES',
      {},
      text(nestedText(100)),
      `value of an event of a JSON time series must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
    ],
    ['STRING', {}, new Uint8Array([0xff, 0xfe]), null],
    [
      'STRING',
      validating,
      new Uint8Array([0xff, 0xfe]),
      'value of a STRING topic must be UTF-8 text',
    ],
    ['INT64', {}, new Uint8Array(), null],
    [
      'TIME_SERIES',
      series('INT64'),
      text('x'),
      'value of an event of an INT64 time series must be a 64-bit integer',
    ],
    ['TIME_SERIES', {}, text('{oops'), 'value of an event of a JSON time series must be JSON text'],
    [
      'TIME_SERIES',
      series('STRING'),
      new Uint8Array(),
      'an event of a STRING time series must not be empty',
    ],
  ])('%s %j: %j → %s', (type, properties, payload, message) => {
    expect(checkPayload(type, properties, payload)).toEqual(
      message === null ? { ok: true } : { ok: false, message },
    );
  });
});

describe('types of new topics', () => {
  it('makes a STRING topic of a string value and a JSON topic of any other', () => {
    expect(typeForValue('x')).toBe('STRING');
    expect(typeForValue({ a: 1 })).toBe('JSON');
  });
  it.each([
    ['{"a":1}', 'JSON'],
    [' [1]', 'JSON'],
    ['42', 'STRING'],
    ['{oops', 'STRING'],
    ['"x"', 'STRING'],
  ])('a publish of %s creates a %s topic', (payload, type) => {
    expect(inferTopicType(text(payload))).toBe(type);
  });
});
