import { describe, expect, it } from 'vitest';
import { formatMessageStats, nextRateSample } from './message-rates';

describe('message rates from two readings of the counts', () => {
  it.each([
    [
      'a first reading has no rate',
      undefined,
      10,
      1_000,
      { messages: 10, at: 1_000, rate: null, grew: false },
    ],
    [
      'growth over two seconds',
      { messages: 10, at: 1_000, rate: null, grew: false },
      20,
      3_000,
      { messages: 20, at: 3_000, rate: 5, grew: true },
    ],
    [
      'no growth is a rate of zero',
      { messages: 20, at: 3_000, rate: 5, grew: true },
      20,
      6_000,
      { messages: 20, at: 6_000, rate: 0, grew: false },
    ],
    [
      'the same reading again changes nothing',
      { messages: 20, at: 3_000, rate: 5, grew: true },
      20,
      3_000,
      { messages: 20, at: 3_000, rate: 5, grew: true },
    ],
    [
      'a count that went down starts over',
      { messages: 20, at: 3_000, rate: 5, grew: true },
      2,
      6_000,
      { messages: 2, at: 6_000, rate: null, grew: false },
    ],
  ])('%s', (_, previous, messages, at, expected) => {
    expect(nextRateSample(previous, messages, at)).toEqual(expected);
  });

  it.each([
    [1, null, '1 msg'],
    [1234, null, '1,234 msgs'],
    [1234, 0, '1,234 msgs'],
    [1234, 5.25, '1,234 msgs · 5.3/s'],
    [0, null, '0 msgs'],
  ])('%d messages at %s a second read "%s"', (messages, rate, text) => {
    expect(formatMessageStats(messages, rate)).toBe(text);
  });
});
