import { describe, expect, it } from 'vitest';
import { isUsagePeriod, usagePeriodRange, zeroFilledSeries } from './usage-periods';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('usagePeriodRange for the rolling periods', () => {
  it.each([
    ['hour', '2025-03-10T12:34:56.789Z', 0, '2025-03-10T11:34:56Z', '2025-03-10T12:34:56Z', 60],
    ['hour', '2025-03-10T00:10:00Z', -300, '2025-03-09T23:10:00Z', '2025-03-10T00:10:00Z', 60],
    ['halfday', '2025-03-10T12:00:00Z', 0, '2025-03-10T00:00:00Z', '2025-03-10T12:00:00Z', 3600],
    ['halfday', '2025-01-01T05:00:00Z', 120, '2024-12-31T17:00:00Z', '2025-01-01T05:00:00Z', 3600],
  ])(
    'covers for %s at %s (offset %i) the range %s to %s with step %i',
    (period, now, offset, from, to, step) => {
      expect(usagePeriodRange(period, new Date(now), offset)).toEqual({
        from: seconds(from),
        to: seconds(to),
        stepSeconds: step,
      });
    },
  );
});

describe('usagePeriodRange for the calendar periods', () => {
  it.each([
    ['day', '2025-03-10T12:00:00Z', 0, '2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z'],
    ['day', '2025-03-10T00:00:00Z', 0, '2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z'],
    ['day', '2025-03-10T23:59:59Z', 0, '2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z'],
    ['day', '2025-03-10T23:30:00Z', 120, '2025-03-10T22:00:00Z', '2025-03-11T22:00:00Z'],
    ['day', '2025-03-10T21:59:59Z', 120, '2025-03-09T22:00:00Z', '2025-03-10T22:00:00Z'],
    ['day', '2025-03-10T03:00:00Z', -300, '2025-03-09T05:00:00Z', '2025-03-10T05:00:00Z'],
    ['day', '2025-03-10T20:00:00Z', 330, '2025-03-10T18:30:00Z', '2025-03-11T18:30:00Z'],
    ['day', '2025-03-10T11:00:00Z', 840, '2025-03-10T10:00:00Z', '2025-03-11T10:00:00Z'],
    ['day', '2025-03-10T11:00:00Z', -720, '2025-03-09T12:00:00Z', '2025-03-10T12:00:00Z'],
    ['day', '2024-02-29T12:00:00Z', 0, '2024-02-29T00:00:00Z', '2024-03-01T00:00:00Z'],
    ['day', '2024-12-31T23:30:00Z', 60, '2024-12-31T23:00:00Z', '2025-01-01T23:00:00Z'],
  ])(
    'covers for %s at %s (offset %i) the local day %s to %s by hour',
    (period, now, offset, from, to) => {
      expect(usagePeriodRange(period, new Date(now), offset)).toEqual({
        from: seconds(from),
        to: seconds(to),
        stepSeconds: 3600,
      });
    },
  );

  it.each([
    ['a Wednesday', '2025-03-12T10:00:00Z', 0, '2025-03-10T00:00:00Z', '2025-03-17T00:00:00Z'],
    [
      'the first instant of a Monday',
      '2025-03-17T00:00:00Z',
      0,
      '2025-03-17T00:00:00Z',
      '2025-03-24T00:00:00Z',
    ],
    [
      'the last second of a Sunday',
      '2025-03-16T23:59:59Z',
      0,
      '2025-03-10T00:00:00Z',
      '2025-03-17T00:00:00Z',
    ],
    [
      'a Monday in UTC that is still Sunday in UTC-1',
      '2025-03-17T00:30:00Z',
      -60,
      '2025-03-10T01:00:00Z',
      '2025-03-17T01:00:00Z',
    ],
    [
      'a Sunday in UTC that is already Monday in UTC+3',
      '2025-03-16T22:00:00Z',
      180,
      '2025-03-16T21:00:00Z',
      '2025-03-23T21:00:00Z',
    ],
    [
      'New Year 2025, a Wednesday',
      '2025-01-01T12:00:00Z',
      0,
      '2024-12-30T00:00:00Z',
      '2025-01-06T00:00:00Z',
    ],
    [
      'New Year 2027, a Friday',
      '2027-01-01T12:00:00Z',
      0,
      '2026-12-28T00:00:00Z',
      '2027-01-04T00:00:00Z',
    ],
    [
      'New Year 2023, a Sunday',
      '2023-01-01T12:00:00Z',
      0,
      '2022-12-26T00:00:00Z',
      '2023-01-02T00:00:00Z',
    ],
    [
      'New Year 2025 in UTC+1 while still 2024 in UTC',
      '2024-12-31T23:30:00Z',
      60,
      '2024-12-29T23:00:00Z',
      '2025-01-05T23:00:00Z',
    ],
    [
      'a week spanning the leap day',
      '2024-02-29T12:00:00Z',
      0,
      '2024-02-26T00:00:00Z',
      '2024-03-04T00:00:00Z',
    ],
  ])(
    'covers for isoWeek on %s (%s, offset %i) Monday %s to Monday %s by day',
    (_label, now, offset, from, to) => {
      expect(usagePeriodRange('isoWeek', new Date(now), offset)).toEqual({
        from: seconds(from),
        to: seconds(to),
        stepSeconds: 86_400,
      });
    },
  );

  it.each([
    [
      'February in a leap year',
      '2024-02-10T00:00:00Z',
      0,
      '2024-02-01T00:00:00Z',
      '2024-03-01T00:00:00Z',
      29,
    ],
    [
      'February in a common year',
      '2025-02-10T00:00:00Z',
      0,
      '2025-02-01T00:00:00Z',
      '2025-03-01T00:00:00Z',
      28,
    ],
    [
      'February 2100, not a leap year',
      '2100-02-10T00:00:00Z',
      0,
      '2100-02-01T00:00:00Z',
      '2100-03-01T00:00:00Z',
      28,
    ],
    [
      'February 2000, a leap year',
      '2000-02-29T23:59:59Z',
      0,
      '2000-02-01T00:00:00Z',
      '2000-03-01T00:00:00Z',
      29,
    ],
    ['December', '2025-12-31T23:59:59Z', 0, '2025-12-01T00:00:00Z', '2026-01-01T00:00:00Z', 31],
    ['April', '2025-04-01T00:00:00Z', 0, '2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z', 30],
    [
      'February in UTC+2 while still January in UTC',
      '2025-01-31T23:30:00Z',
      120,
      '2025-01-31T22:00:00Z',
      '2025-02-28T22:00:00Z',
      28,
    ],
    [
      'February in UTC-5 while already March in UTC',
      '2025-03-01T02:00:00Z',
      -300,
      '2025-02-01T05:00:00Z',
      '2025-03-01T05:00:00Z',
      28,
    ],
    [
      'January in UTC-10 while already the new year in UTC',
      '2025-01-01T05:00:00Z',
      -600,
      '2024-12-01T10:00:00Z',
      '2025-01-01T10:00:00Z',
      31,
    ],
  ])(
    'covers for month %s (%s, offset %i) %s to %s, %i daily points',
    (_label, now, offset, from, to, days) => {
      const range = usagePeriodRange('month', new Date(now), offset);
      expect(range).toEqual({ from: seconds(from), to: seconds(to), stepSeconds: 86_400 });
      expect(zeroFilledSeries([], range)).toHaveLength(days);
    },
  );

  it.each([
    ['hour', 60],
    ['halfday', 12],
    ['day', 24],
    ['isoWeek', 7],
  ])('zero-fills period %s with %i points', (period, count) => {
    const range = usagePeriodRange(period, new Date('2025-03-12T10:17:03Z'), 90);
    expect(zeroFilledSeries([], range)).toHaveLength(count);
  });

  it('contains now in every period, whatever the offset', () => {
    const nows = [
      '2024-02-29T00:00:00Z',
      '2024-12-31T23:59:59Z',
      '2025-06-30T13:45:00Z',
      '2027-01-03T04:00:00Z',
    ];
    for (const iso of nows) {
      for (const offset of [-720, -570, -300, 0, 60, 330, 345, 840]) {
        for (const period of ['day', 'isoWeek', 'month']) {
          const { from, to } = usagePeriodRange(period, new Date(iso), offset);
          expect(from).toBeLessThanOrEqual(seconds(iso));
          expect(to).toBeGreaterThan(seconds(iso));
        }
      }
    }
  });
});

describe('usagePeriodRange for unknown periods', () => {
  it.each(['week', 'Hour', 'monthly', '', 'toString'])(
    'rejects period %j with "Unknown range"',
    (period) => {
      expect(() => usagePeriodRange(period, new Date('2025-03-10T00:00:00Z'), 0)).toThrow(
        new Error('Unknown range'),
      );
    },
  );

  it.each([
    ['hour', true],
    ['halfday', true],
    ['day', true],
    ['isoWeek', true],
    ['month', true],
    ['isoweek', false],
    ['year', false],
  ])('says %j is a usage period: %s', (period, expected) => {
    expect(isUsagePeriod(period)).toBe(expected);
  });
});

describe('zeroFilledSeries', () => {
  const range = { from: 1000, to: 1300, stepSeconds: 60 };
  const zeros = [1000, 1060, 1120, 1180, 1240].map((timestamp) => ({ timestamp, value: 0 }));

  it.each([
    ['no points', [], zeros.map((point) => point.value)],
    [
      'points on every step',
      [1000, 1060, 1120, 1180, 1240].map((timestamp, index) => ({ timestamp, value: index + 1 })),
      [1, 2, 3, 4, 5],
    ],
    [
      'points on some steps',
      [
        { timestamp: 1060, value: 7 },
        { timestamp: 1240, value: 3 },
      ],
      [0, 7, 0, 0, 3],
    ],
    [
      'points between steps, floored to their step',
      [
        { timestamp: 1061, value: 4 },
        { timestamp: 1179, value: 2 },
      ],
      [0, 4, 2, 0, 0],
    ],
    [
      'points sharing a step, added together',
      [
        { timestamp: 1120, value: 4 },
        { timestamp: 1150, value: 5 },
      ],
      [0, 0, 9, 0, 0],
    ],
    [
      'points before from or at or after to, dropped',
      [
        { timestamp: 999, value: 1 },
        { timestamp: 1300, value: 1 },
        { timestamp: 5000, value: 1 },
      ],
      [0, 0, 0, 0, 0],
    ],
    [
      'points given out of order',
      [
        { timestamp: 1240, value: 1 },
        { timestamp: 1000, value: 2 },
      ],
      [2, 0, 0, 0, 1],
    ],
  ])('fills a series from %s', (_label, points, values) => {
    expect(zeroFilledSeries(points, range)).toEqual(
      zeros.map((point, index) => ({ ...point, value: values[index] })),
    );
  });

  it.each([
    ['a range ending between steps', { from: 0, to: 250, stepSeconds: 60 }, [0, 60, 120, 180, 240]],
    ['a range of exactly one step', { from: 0, to: 60, stepSeconds: 60 }, [0]],
    ['an empty range', { from: 100, to: 100, stepSeconds: 60 }, []],
    ['an inverted range', { from: 100, to: 0, stepSeconds: 60 }, []],
  ])(
    'places points at each step from the start and before the end of %s',
    (_label, stepRange, timestamps) => {
      expect(zeroFilledSeries([], stepRange).map((point) => point.timestamp)).toEqual(timestamps);
    },
  );

  it.each([0, -60, Number.NaN])('rejects step %s', (stepSeconds) => {
    expect(() => zeroFilledSeries([], { from: 0, to: 60, stepSeconds })).toThrow(RangeError);
  });

  it('fills a real day range at every hour of the local day', () => {
    const day = usagePeriodRange('day', new Date('2025-03-10T12:00:00Z'), 120);
    const series = zeroFilledSeries(
      [{ timestamp: seconds('2025-03-10T10:15:00Z'), value: 42 }],
      day,
    );
    expect(series[0]?.timestamp).toBe(seconds('2025-03-09T22:00:00Z'));
    expect(series.at(-1)?.timestamp).toBe(seconds('2025-03-10T21:00:00Z'));
    expect(series.filter((point) => point.value !== 0)).toEqual([
      { timestamp: seconds('2025-03-10T10:00:00Z'), value: 42 },
    ]);
  });
});
