import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelayMs, failureDelayMs, retryAfterMs } from './backoff';

describe('backoffDelayMs', () => {
  it.each([
    // interval, failures, random, delay
    [1_000, 0, 0.5, 1_000],
    [1_000, 1, 0, 1_000],
    [1_000, 1, 0.999, 1_999],
    [1_000, 2, 0, 2_000],
    [1_000, 2, 0.5, 3_000],
    [1_000, 3, 0, 4_000],
    [1_000, 8, 0, 128_000],
    [1_000, 9, 0.999, 299_850],
    [1_000, 9, 0, BACKOFF_CAP_MS / 2],
    [1_000, 50, 0.5, 225_000],
    [600_000, 1, 0.5, BACKOFF_CAP_MS],
    [1_000, 50, 1, BACKOFF_CAP_MS],
  ])(
    'interval %i ms after %i failures (random %f): %i ms',
    (intervalMs, failures, random, delay) => {
      expect(backoffDelayMs({ intervalMs, consecutiveFailures: failures, random })).toBe(delay);
    },
  );
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it.each([
    [null, null],
    ['', null],
    ['7', 7_000],
    [' 120 ', 120_000],
    ['-3', null],
    ['1.5', null],
    ['Sat, 28 Nov 2026 10:00:30 GMT', 30_000],
    ['Sat, 28 Nov 2026 09:59:00 GMT', 0],
    ['soon', null],
  ])('Retry-After %j: %j', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});

describe('failureDelayMs', () => {
  it.each([
    [{ retryAfterMs: 7_000, intervalMs: 1_000 }, 7_000],
    [{ retryAfterMs: 0, intervalMs: 5_000 }, 5_000],
    [{ retryAfterMs: 3_600_000, intervalMs: 1_000 }, BACKOFF_CAP_MS],
    [{ retryAfterMs: null, intervalMs: 1_000 }, 2_000],
  ])('%j: %i ms', (input, delay) => {
    expect(failureDelayMs({ ...input, consecutiveFailures: 2, random: 0 })).toBe(delay);
  });
});
