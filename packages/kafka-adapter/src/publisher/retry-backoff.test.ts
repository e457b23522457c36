import { describe, expect, it } from 'vitest';
import { RETRY_BACKOFF, retryDelayMs } from './retry-backoff';
import { RateMeter } from './rate-meter';

describe('retryDelayMs', () => {
  it.each([
    [1, 100],
    [2, 200],
    [3, 400],
    [6, 3200],
    [7, RETRY_BACKOFF.maxMs],
    [50, RETRY_BACKOFF.maxMs],
  ])('after %i failures waits %i ms without jitter', (failures, ms) => {
    expect(retryDelayMs(failures, () => 0)).toBe(ms);
  });

  it('takes at most a quarter off for jitter', () => {
    expect(retryDelayMs(7, () => 0.999)).toBeGreaterThanOrEqual(RETRY_BACKOFF.maxMs * 0.75);
  });
});

describe('RateMeter', () => {
  it('is the mean of the complete seconds of its window', () => {
    let now = 10_000;
    const meter = new RateMeter(5, () => now);
    meter.add(40);
    now += 1000;
    meter.add(80);
    now += 1000;
    expect(meter.perSecond()).toBe(30);
    now += 10_000;
    expect(meter.perSecond()).toBe(0);
  });
});
