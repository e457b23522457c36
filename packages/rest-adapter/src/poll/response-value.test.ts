import { describe, expect, it } from 'vitest';
import { REST_PREVIEW_MAX_BYTES } from '@herald/contract/rest-adapters/rest-adapter-process';
import { parseValuePointer, type PointerStep } from '@herald/contract/rest-adapters/value-pointer';
import { responseValue, valueHash, valuePreview, valueTypeOf } from './response-value';

const steps = (text: string): PointerStep[] => {
  const parsed = parseValuePointer(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.steps;
};

describe('valueTypeOf', () => {
  it.each([
    ['application/json', 'JSON'],
    ['application/json; charset=utf-8', 'JSON'],
    ['Application/JSON', 'JSON'],
    ['application/problem+json', 'JSON'],
    ['text/plain', 'STRING'],
    ['text/csv; charset=utf-8', 'STRING'],
    ['application/xml', 'STRING'],
    ['application/atom+xml', 'STRING'],
    ['application/octet-stream', 'BINARY'],
    ['image/png', 'BINARY'],
    [null, 'BINARY'],
  ] as const)('%s → %s', (contentType, type) => {
    expect(valueTypeOf(contentType)).toBe(type);
  });
});

describe('responseValue', () => {
  const json = Buffer.from('{"data":{"price":12.5,"tags":["a","b"]}}');
  it.each([
    [
      'the whole JSON body',
      json,
      'application/json',
      null,
      { type: 'JSON', text: json.toString() },
    ],
    ['a pointed number', json, 'application/json', '$.data.price', { type: 'JSON', text: '12.5' }],
    [
      'a pointed array item',
      json,
      'application/json',
      '$.data.tags[1]',
      { type: 'JSON', text: '"b"' },
    ],
    [
      'a pointed object',
      json,
      'application/json',
      "$['data'].tags",
      { type: 'JSON', text: '["a","b"]' },
    ],
    ['text as is', Buffer.from('hello'), 'text/plain', null, { type: 'STRING', text: 'hello' }],
    [
      'binary as is',
      Buffer.from([0, 1, 2]),
      'application/octet-stream',
      null,
      { type: 'BINARY', text: '\u0000\u0001\u0002' },
    ],
  ])('%s', (_name, body, contentType, pointer, expected) => {
    const value = responseValue(body, contentType, pointer === null ? null : steps(pointer));
    expect(value.ok && { type: value.type, text: value.bytes.toString() }).toEqual(expected);
  });

  it.each([
    [
      'a pointer finding nothing',
      json,
      'application/json',
      '$.data.volume',
      'the value pointer found nothing at $.data.volume',
    ],
    [
      'an index past the end',
      json,
      'application/json',
      '$.data.tags[2]',
      'the value pointer found nothing at $.data.tags[2]',
    ],
    [
      'a JSON body that does not parse',
      Buffer.from('{"a":'),
      'application/json',
      null,
      'the body is not valid JSON although its Content-Type is application/json: ',
    ],
    [
      'a pointer on text',
      Buffer.from('x'),
      'text/plain',
      '$.a',
      'the value pointer needs a JSON body; the API answered text/plain',
    ],
  ])('fails on %s, in words', (_name, body, contentType, pointer, error) => {
    const value = responseValue(body, contentType, pointer === null ? null : steps(pointer));
    expect(value.ok).toBe(false);
    expect(!value.ok && value.error.startsWith(error)).toBe(true);
  });
});

describe('valueHash', () => {
  it('tells bodies and types apart, and equal values alike', () => {
    const a = valueHash('JSON', Buffer.from('1'));
    expect(valueHash('JSON', Buffer.from('1'))).toBe(a);
    expect(valueHash('JSON', Buffer.from('2'))).not.toBe(a);
    expect(valueHash('STRING', Buffer.from('1'))).not.toBe(a);
  });
});

describe('valuePreview', () => {
  it('keeps a small text whole', () => {
    expect(valuePreview('STRING', Buffer.from('héllo'))).toEqual({
      type: 'STRING',
      preview: 'héllo',
      bytes: 6,
      truncated: false,
    });
  });

  it('cuts a long text at the limit, never inside a character', () => {
    const text = `${'a'.repeat(REST_PREVIEW_MAX_BYTES - 1)}é and more`;
    const preview = valuePreview('STRING', Buffer.from(text));
    expect(preview.truncated).toBe(true);
    expect(preview.preview).toBe('a'.repeat(REST_PREVIEW_MAX_BYTES - 1));
  });

  it('shows binary as base64 within the limit', () => {
    const preview = valuePreview('BINARY', Buffer.alloc(10_000, 7));
    expect(preview.truncated).toBe(true);
    expect(preview.bytes).toBe(10_000);
    expect(preview.preview.length).toBeLessThanOrEqual(REST_PREVIEW_MAX_BYTES);
    expect(Buffer.from(preview.preview, 'base64').every((byte) => byte === 7)).toBe(true);
  });
});
