import { describe, expect, it } from 'vitest';
import { DEFAULT_CRASH_POLICY, afterCrash, backoffDelayMs } from './crash-policy';

const policy = DEFAULT_CRASH_POLICY;

describe('the crash backoff', () => {
  it.each([
    [1, 500],
    [2, 1_000],
    [3, 2_000],
    [4, 4_000],
    [5, 8_000],
    [6, 10_000],
    [20, 10_000],
  ])('waits after crash %i: %i ms', (count, delay) => {
    expect(backoffDelayMs(count, policy)).toBe(delay);
  });

  it('follows the policy it is given', () => {
    expect(backoffDelayMs(1, { ...policy, backoffInitialMs: 20, backoffMaxMs: 100 })).toBe(20);
    expect(backoffDelayMs(4, { ...policy, backoffInitialMs: 20, backoffMaxMs: 100 })).toBe(100);
  });
});

describe('the crash window and limit', () => {
  const now = 1_000_000;
  it.each([
    [
      'the first crash restarts after the first backoff',
      [],
      [now],
      { kind: 'restart', delayMs: 500 },
    ],
    [
      'crashes older than the window are forgotten',
      [now - 60_000, now - 70_000, now - 61_000, now - 60_001],
      [now],
      { kind: 'restart', delayMs: 500 },
    ],
    [
      'a crash just inside the window counts',
      [now - 59_999],
      [now - 59_999, now],
      { kind: 'restart', delayMs: 1_000 },
    ],
    [
      'the fourth crash in the window still restarts',
      [now - 3, now - 2, now - 1],
      [now - 3, now - 2, now - 1, now],
      { kind: 'restart', delayMs: 4_000 },
    ],
    [
      'the fifth crash in the window is ERROR',
      [now - 4, now - 3, now - 2, now - 1],
      [now - 4, now - 3, now - 2, now - 1, now],
      { kind: 'error' },
    ],
    [
      'five crashes spread over more than the window are not',
      [now - 90_000, now - 3, now - 2, now - 1],
      [now - 3, now - 2, now - 1, now],
      { kind: 'restart', delayMs: 4_000 },
    ],
  ] as const)('%s', (_name, before, crashes, decision) => {
    expect(afterCrash(before, now, policy)).toEqual({ crashes, decision });
  });
});
