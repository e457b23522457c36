import { describe, expect, it } from 'vitest';
import {
  JSON_LIMIT_MESSAGES,
  MAX_JSON_DEPTH,
  MAX_JSON_LIMIT_ISSUES,
  findJsonLimitIssues,
  isJsonTextTooDeep,
  jsonTextDepth,
  jsonValueDepth,
} from './json-limits';

/** `[[...[1]...]]` nested `depth` levels. */
const nestedArrayText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
/** `{"a":{"a":...1...}}` nested `depth` levels. */
const nestedObject = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};

describe('the nesting depth of JSON text, counted without parsing', () => {
  it.each([
    ['a number', '42', 0],
    ['a string', '"text"', 0],
    ['an empty array', '[]', 1],
    ['an empty object', '{}', 1],
    ['siblings at one level', '[1,[2],[3]]', 2],
    ['an object in an array in an object', '{"a":[{"b":1}]}', 3],
    ['brackets inside a string, which do not nest', '["[[[{{{"]', 1],
    ['an escaped quote inside a string', '["a\\"[[[", [1]]', 2],
    ['an escaped backslash before the closing quote', '["a\\\\", [[1]]]', 3],
    ['10,000 levels', nestedArrayText(10_000), 10_000],
  ])('%s', (_name, text, depth) => {
    expect(jsonTextDepth(text)).toBe(depth);
  });

  it('stops counting just past the limit', () => {
    expect(jsonTextDepth(nestedArrayText(10_000), 5)).toBe(6);
  });

  it.each([
    [MAX_JSON_DEPTH, false],
    [MAX_JSON_DEPTH + 1, true],
    [10_000, true],
  ])('text %i levels deep is too deep: %s', (depth, tooDeep) => {
    expect(isJsonTextTooDeep(nestedArrayText(depth))).toBe(tooDeep);
  });
});

describe('the nesting depth of a parsed value', () => {
  it.each([
    ['a scalar', 1, 0],
    ['null', null, 0],
    ['an empty object', {}, 1],
    ['an array of objects', [{ a: 1 }, { b: [2] }], 3],
    ['10,000 levels, without overflowing the stack', nestedObject(10_000), 10_000],
  ])('%s', (_name, value, depth) => {
    expect(jsonValueDepth(value)).toBe(depth);
  });

  it('stops counting just past the limit', () => {
    expect(jsonValueDepth(nestedObject(10_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});

describe('the limits a parsed body must keep, named by field', () => {
  it('accepts a value nested exactly the limit and ordinary numbers', () => {
    const body = { value: nestedObject(MAX_JSON_DEPTH), n: 1.5e308, m: -0, list: [1, [2]] };
    expect(findJsonLimitIssues(body, 'body')).toEqual([]);
  });

  it('names the field whose value is nested past the limit, once', () => {
    const body = { type: 'JSON', value: nestedObject(10_000) };
    expect(findJsonLimitIssues(body, 'body')).toEqual([
      { path: 'body.value', message: JSON_LIMIT_MESSAGES.tooDeep },
    ]);
  });

  it('counts from each field of the body: one level past the limit is refused', () => {
    const issues = findJsonLimitIssues({ value: nestedObject(MAX_JSON_DEPTH + 1) }, 'body');
    expect(issues).toEqual([{ path: 'body.value', message: JSON_LIMIT_MESSAGES.tooDeep }]);
  });

  it('names an index when the body is an array', () => {
    expect(findJsonLimitIssues([1, nestedObject(100)], 'body')).toEqual([
      { path: 'body.1', message: JSON_LIMIT_MESSAGES.tooDeep },
    ]);
  });

  it.each([
    ['a top-level field', { value: Number.POSITIVE_INFINITY }, 'body.value'],
    ['a nested field', { value: { reading: -Infinity } }, 'body.value.reading'],
    ['an array item', { values: [1, Number.NaN] }, 'body.values.1'],
    ['the body itself', Number.POSITIVE_INFINITY, 'body'],
  ])('names a non-finite number in %s', (_name, body, path) => {
    expect(findJsonLimitIssues(body, 'body')).toEqual([
      { path, message: JSON_LIMIT_MESSAGES.nonFinite },
    ]);
  });

  it('what JSON.parse makes of 1e400 is refused', () => {
    const body: unknown = JSON.parse('{"value":1e400}');
    expect(findJsonLimitIssues(body, 'body')).toEqual([
      { path: 'body.value', message: JSON_LIMIT_MESSAGES.nonFinite },
    ]);
  });

  it('reports at most a bounded number of issues', () => {
    const body = Array.from({ length: 50 }, () => Number.POSITIVE_INFINITY);
    expect(findJsonLimitIssues(body, 'body')).toHaveLength(MAX_JSON_LIMIT_ISSUES);
  });
});
