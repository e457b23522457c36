import { describe, expect, it } from 'vitest';
import { eventsBeyondRange, parseDuration, parseTimeSeriesRange } from './time-series-range';

describe('time series ranges', () => {
  it.each([
    ['limit 10', { limit: 10, lastMs: null }],
    ['last 90s', { limit: null, lastMs: 90_000 }],
    ['limit 5 last 2h', { limit: 5, lastMs: 7_200_000 }],
    ['last 1d limit 3', { limit: 3, lastMs: 86_400_000 }],
    ['  last 250ms  ', { limit: null, lastMs: 250 }],
  ])('"%s" parses', (text, range) => {
    expect(parseTimeSeriesRange(text)).toEqual({ ok: true, range });
  });

  it.each([
    '',
    'limit',
    'limit 0',
    'limit 100001',
    'limit 5 limit 6',
    'last 0s',
    'last 5w',
    'first 3',
  ])('"%s" is refused', (text) => {
    expect(parseTimeSeriesRange(text).ok).toBe(false);
  });

  it('parses durations in every unit', () => {
    expect(parseDuration('3m')).toEqual({ ok: true, ms: 180_000 });
    expect(parseDuration('10')).toMatchObject({ ok: false });
  });

  it('drops the oldest events beyond the limit and the age', () => {
    const timestamps = [100, 200, 300, 400, 500];
    const at = (index: number) => timestamps[index] ?? 0;
    expect(eventsBeyondRange(5, at, { limit: 3, lastMs: null }, 500)).toBe(2);
    expect(eventsBeyondRange(5, at, { limit: null, lastMs: 150 }, 500)).toBe(3);
    expect(eventsBeyondRange(5, at, { limit: 4, lastMs: 1000 }, 500)).toBe(1);
    expect(eventsBeyondRange(5, at, { limit: 10, lastMs: 10 }, 10_000)).toBe(5);
    expect(eventsBeyondRange(0, at, { limit: 1, lastMs: 1 }, 0)).toBe(0);
  });
});
