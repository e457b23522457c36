import { describe, expect, it } from 'vitest';
import {
  MAX_UNSAFE_TEXT_ISSUES,
  UNSAFE_TEXT_MESSAGES,
  findUnsafeText,
  unsafeTextProblem,
} from './safe-text';

describe('text every API input must be', () => {
  it.each([
    ['plain ASCII', 'Ada Lovelace'],
    ['accents and CJK', 'Zoë 東京'],
    ['a surrogate pair (emoji)', 'rocket 🚀 launch'],
    ['an empty string', ''],
    ['other control characters, which PostgreSQL stores', 'tab\there\u0001'],
  ])('accepts %s', (_name, text) => {
    expect(unsafeTextProblem(text)).toBeUndefined();
  });

  it.each([
    ['a NUL character', 'a\u0000b', 'nul'],
    ['a lone high surrogate', 'a\uD800b', 'loneSurrogate'],
    ['a lone high surrogate at the end', 'abc\uDBFF', 'loneSurrogate'],
    ['a lone low surrogate', '\uDC00abc', 'loneSurrogate'],
    ['two high surrogates', '\uD800\uD800\uDC00', 'loneSurrogate'],
    ['a reversed pair', '\uDC00\uD800', 'loneSurrogate'],
  ])('refuses %s', (_name, text, problem) => {
    expect(unsafeTextProblem(text)).toBe(problem);
  });

  it('names every unsafe string by its dotted path from the request part', () => {
    const body = {
      firstName: 'Ada\u0000',
      metadata: { source: 'ok', campaign: '\uD800' },
      tags: ['fine', 'bad\u0000'],
      size: 3,
      nothing: null,
    };
    expect(findUnsafeText(body, 'body')).toEqual([
      { path: 'body.firstName', message: UNSAFE_TEXT_MESSAGES.nul },
      { path: 'body.metadata.campaign', message: UNSAFE_TEXT_MESSAGES.loneSurrogate },
      { path: 'body.tags.1', message: UNSAFE_TEXT_MESSAGES.nul },
    ]);
  });

  it('checks property names too, naming the object that holds them', () => {
    expect(findUnsafeText({ metadata: { 'a\u0000': 'x' } }, 'body')).toEqual([
      { path: 'body.metadata', message: UNSAFE_TEXT_MESSAGES.nulInName },
    ]);
    expect(findUnsafeText({ '\uDFFF': 1 }, 'query')).toEqual([
      { path: 'query', message: UNSAFE_TEXT_MESSAGES.loneSurrogateInName },
    ]);
  });

  it('checks a bare string and finds nothing in numbers, booleans and null', () => {
    expect(findUnsafeText('\u0000', 'params.serviceId')).toEqual([
      { path: 'params.serviceId', message: UNSAFE_TEXT_MESSAGES.nul },
    ]);
    expect(findUnsafeText([1, true, null, { a: 2 }], 'body')).toEqual([]);
    expect(findUnsafeText(undefined, 'body')).toEqual([]);
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep];
    const issues = findUnsafeText(deep, 'body');
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGES.nul);
  });

  it(`reports at most ${MAX_UNSAFE_TEXT_ISSUES} issues however many strings are bad`, () => {
    const many = Array.from({ length: 1000 }, () => '\u0000');
    expect(findUnsafeText(many, 'body')).toHaveLength(MAX_UNSAFE_TEXT_ISSUES);
  });
});
