import { parseTopicSelector, selectorMatches } from '@herald/contract/topics/topic-selector';
import { describe, expect, it } from 'vitest';
import { compileLinearPattern } from './linear-patterns';

const parse = (expression: string) =>
  parseTopicSelector(expression, { compilePattern: compileLinearPattern });

describe('selector patterns in the runtime', () => {
  it('match as the contract defines them', () => {
    const full = parse('*sensor.*temp.*');
    const split = parse('?sensors/room[0-9]+/temperature//');
    if (!full.ok || !split.ok) throw new Error('should parse');
    expect(selectorMatches(full.selector, 'sensor/1/temperature')).toBe(true);
    expect(selectorMatches(full.selector, 'sensor/1/humidity')).toBe(false);
    expect(selectorMatches(split.selector, 'sensors/room12/temperature')).toBe(true);
    expect(selectorMatches(split.selector, 'sensors/room12/temperature/raw')).toBe(true);
    expect(selectorMatches(split.selector, 'sensors/roomA/temperature')).toBe(false);
  });

  it('take linear time on patterns that make a backtracking engine take exponential time', () => {
    const evil = parse('*(a+)+$');
    const nested = parse('?(a|aa)+$');
    if (!evil.ok || !nested.ok) throw new Error('should parse');
    const started = performance.now();
    // JavaScript's own engine takes about 20 s on the first (2.5 s measured at 27 characters, doubling with each).
    expect(selectorMatches(evil.selector, `${'a'.repeat(30)}!`)).toBe(false);
    expect(selectorMatches(nested.selector, `${'a'.repeat(40)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuse, with the reason, what cannot be matched in linear time', () => {
    const lookahead = parse('*(?=a)b');
    const backReference = parse('?(a)\\1');
    expect(lookahead).toMatchObject({ ok: false });
    expect(backReference).toMatchObject({ ok: false });
    if (lookahead.ok || backReference.ok) return;
    expect(lookahead.message).toContain('Invalid regular expression "(?=a)b"');
    expect(backReference.message).toContain('Invalid regular expression "(a)\\1"');
  });
});
