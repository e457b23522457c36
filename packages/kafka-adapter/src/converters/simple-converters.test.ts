import { describe, expect, it } from 'vitest';
import { ConversionFailure } from './conversion-error';
import type { Payload } from './payload';
import { jsonToString, objectToJson, stringToJson } from './simple-converters';

const bytes = (text: string): Payload => ({ kind: 'bytes', value: new TextEncoder().encode(text) });

describe('$Object_to_JSON', () => {
  it.each<[string, Payload, unknown]>([
    ['text', { kind: 'string', value: 'hello' }, 'hello'],
    ['a number', { kind: 'number', value: 21.5 }, 21.5],
    ['a safe long', { kind: 'long', value: 42n }, 42],
    ['a long past 2^53', { kind: 'long', value: 9_007_199_254_740_993n }, '9007199254740993'],
    ['bytes', { kind: 'bytes', value: Uint8Array.from([0, 255, 16]) }, 'AP8Q'],
    ['JSON', { kind: 'json', value: { a: [1] } }, { a: [1] }],
  ])('%s', (_case, payload, value) => {
    expect(objectToJson(payload)).toEqual({ kind: 'json', value });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (value) => {
    expect(() => objectToJson({ kind: 'number', value })).toThrow(
      new ConversionFailure(`the number ${value} has no JSON form`),
    );
  });
});

describe('$JSON_to_String', () => {
  it.each<[unknown, string]>([
    [{ bid: 1.1, ask: 1.2 }, '{"bid":1.1,"ask":1.2}'],
    ['text', '"text"'],
    [null, 'null'],
    [[1, 2], '[1,2]'],
  ])('%j → %s', (value, text) => {
    expect(jsonToString({ kind: 'json', value: value as never })).toEqual({
      kind: 'string',
      value: text,
    });
  });

  it('refuses what is not JSON', () => {
    expect(() => jsonToString({ kind: 'string', value: 'x' })).toThrow(
      'it takes JSON, but the value is string',
    );
  });
});

describe('$String_to_JSON', () => {
  it.each<[string, Payload, unknown]>([
    ['an object', { kind: 'string', value: '{"bid":1.1}' }, { bid: 1.1 }],
    ['a number', { kind: 'string', value: ' 7 ' }, 7],
    ['UTF-8 bytes', bytes('["é"]'), ['é']],
  ])('%s', (_case, payload, value) => {
    expect(stringToJson(payload)).toEqual({ kind: 'json', value });
  });

  it.each<[string, Payload, string]>([
    ['text that is not JSON', { kind: 'string', value: 'bid=1' }, 'the text is not JSON ('],
    [
      'bytes that are not UTF-8',
      { kind: 'bytes', value: Uint8Array.from([0xff, 0xfe]) },
      'the bytes are not UTF-8 text',
    ],
    ['a number', { kind: 'number', value: 1 }, 'it takes text, but the value is number'],
  ])('refuses %s', (_case, payload, message) => {
    expect(() => stringToJson(payload)).toThrow(message);
  });
});
