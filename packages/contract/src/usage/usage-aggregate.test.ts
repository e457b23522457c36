import { describe, expect, it } from 'vitest';
import { usageBucket as bucket } from './testing/usage-factories';
import { aggregateUsage, bucketValue, counterIncrease, defaultUsageStep } from './usage-aggregate';
import { usagePeriodRange } from './usage-periods';
import type { UsageMetric, UsageQueryType } from './usage.schema';

const T0 = Date.parse('2025-03-10T00:00:00Z') / 1000;
const HOUR = 3600;

/**
 * A window of three hours by hour: an hour row (older data, after downsampling) in the first hour, two minute rows
 * in the second, nothing in the third; one bucket just before the window and one at its end, both ignored. Given out
 * of order: the rules must not depend on the order the store returns rows in.
 */
const window = { from: T0, to: T0 + 3 * HOUR, step: HOUR };
const hourRow = bucket(T0, HOUR, {
  billedMessages: 100,
  bytes: 1000,
  sessionsMax: 5,
  sessionsMin: 2,
  topicsMax: 10,
  topicsMin: 8,
});
const minuteB = bucket(T0 + HOUR, 60, {
  billedMessages: 7,
  bytes: 70,
  sessionsMax: 3,
  sessionsMin: 3,
  topicsMax: 12,
  topicsMin: 11,
});
const minuteC = bucket(T0 + HOUR + 60, 60, {
  billedMessages: 3,
  bytes: 30,
  sessionsMax: 4,
  sessionsMin: 1,
  topicsMax: 12,
  topicsMin: 12,
});
const before = bucket(T0 - 60, 60, {
  billedMessages: 1000,
  bytes: 9999,
  sessionsMax: 99,
  sessionsMin: 0,
  topicsMax: 99,
  topicsMin: 0,
});
const atEnd = bucket(T0 + 3 * HOUR, 60, {
  billedMessages: 500,
  bytes: 5000,
  sessionsMax: 50,
  sessionsMin: 0,
  topicsMax: 50,
  topicsMin: 0,
});
const buckets = [minuteC, atEnd, hourRow, before, minuteB];
const series = (a: number, b: number, c: number) => [
  { timestamp: T0, value: a },
  { timestamp: T0 + HOUR, value: b },
  { timestamp: T0 + 2 * HOUR, value: c },
];

describe('aggregateUsage over minute and hour buckets', () => {
  const cases: [UsageMetric, UsageQueryType, number | ReturnType<typeof series>][] = [
    ['billed_messages_total', 'sum', 110],
    ['billed_messages_total', 'increase', 110],
    ['billed_messages_total', 'histogram', series(100, 10, 0)],
    ['billed_messages_total', 'peak', 100],
    ['billed_messages_total', 'low', 0],
    ['bytes_total', 'sum', 1100],
    ['bytes_total', 'increase', 1100],
    ['bytes_total', 'histogram', series(1000, 100, 0)],
    ['bytes_total', 'peak', 1000],
    ['bytes_total', 'low', 0],
    ['sessions', 'peak', 5],
    ['sessions', 'low', 1],
    // The last bucket's peak minus the first's: 4 - 5.
    ['sessions', 'increase', -1],
    // Session-minutes: the hour row's peak counts for 60 minutes, each minute row once.
    ['sessions', 'sum', 5 * 60 + 3 + 4],
    ['sessions', 'histogram', series(5, 4, 0)],
    ['topics', 'peak', 12],
    ['topics', 'low', 8],
    ['topics', 'increase', 2],
    ['topics', 'sum', 10 * 60 + 12 + 12],
    ['topics', 'histogram', series(10, 12, 0)],
  ];

  it.each(cases)('answers %s %s with %j', (metric, queryType, expected) => {
    expect(aggregateUsage(metric, queryType, buckets, window)).toEqual(expected);
  });

  it.each(cases)(
    'answers %s %s the same without the buckets outside the window',
    (metric, queryType) => {
      expect(aggregateUsage(metric, queryType, [hourRow, minuteB, minuteC], window)).toEqual(
        aggregateUsage(metric, queryType, buckets, window),
      );
    },
  );

  it('takes the smallest step of a counter as its low when every step counted something', () => {
    const twoHours = { from: T0, to: T0 + 2 * HOUR, step: HOUR };
    expect(aggregateUsage('billed_messages_total', 'low', buckets, twoHours)).toBe(10);
    expect(aggregateUsage('billed_messages_total', 'peak', buckets, twoHours)).toBe(100);
  });

  it('bins a counter histogram at minute steps, hour rows in their first minute', () => {
    const minutes = { from: T0 + HOUR - 60, to: T0 + HOUR + 180, step: 60 };
    expect(aggregateUsage('billed_messages_total', 'histogram', buckets, minutes)).toEqual([
      { timestamp: T0 + HOUR - 60, value: 0 },
      { timestamp: T0 + HOUR, value: 7 },
      { timestamp: T0 + HOUR + 60, value: 3 },
      { timestamp: T0 + HOUR + 120, value: 0 },
    ]);
  });

  it('ignores a bucket that starts before the window even if it overlaps it', () => {
    const fromMidHour = { from: T0 + 1800, to: T0 + 2 * HOUR, step: HOUR };
    expect(aggregateUsage('billed_messages_total', 'sum', buckets, fromMidHour)).toBe(10);
    expect(aggregateUsage('sessions', 'peak', buckets, fromMidHour)).toBe(4);
  });

  it('answers 0 for a gauge increase over a single bucket', () => {
    expect(aggregateUsage('sessions', 'increase', [minuteB], window)).toBe(0);
  });

  it('counts a bucket shorter than a minute once in a gauge sum', () => {
    expect(aggregateUsage('sessions', 'sum', [bucket(T0, 15, { sessionsMax: 6 })], window)).toBe(6);
  });

  it.each([
    ['billed_messages_total', 'sum', 0],
    ['billed_messages_total', 'increase', 0],
    ['billed_messages_total', 'peak', 0],
    ['billed_messages_total', 'low', 0],
    ['billed_messages_total', 'histogram', series(0, 0, 0)],
    ['bytes_total', 'sum', 0],
    ['sessions', 'sum', 0],
    ['sessions', 'peak', 0],
    ['sessions', 'low', 0],
    ['sessions', 'increase', 0],
    ['sessions', 'histogram', series(0, 0, 0)],
    ['topics', 'low', 0],
    ['topics', 'histogram', series(0, 0, 0)],
  ] as const)('answers %s %s over no buckets with %j', (metric, queryType, expected) => {
    expect(aggregateUsage(metric, queryType, [], window)).toEqual(expected);
    expect(aggregateUsage(metric, queryType, [before, atEnd], window)).toEqual(expected);
  });

  it('answers a counter low over a long minute-step window without overflowing the call stack', () => {
    // A year by minute: 525,600 steps; spreading them into Math.min overflows V8's argument limit.
    const year = { from: T0, to: T0 + 365 * 86_400, step: 60 };
    const filled = [bucket(T0, 60, { billedMessages: 2 })];
    expect(aggregateUsage('billed_messages_total', 'low', filled, year)).toBe(0);
    expect(aggregateUsage('billed_messages_total', 'peak', filled, year)).toBe(2);
  });

  it('answers a gauge low over many buckets without overflowing the call stack', () => {
    const many = Array.from({ length: 200_000 }, (_, index) =>
      bucket(T0 + index * 60, 60, { sessionsMin: 3 + (index % 5), sessionsMax: 9 }),
    );
    const range = { from: T0, to: T0 + 200_000 * 60, step: 86_400 };
    expect(aggregateUsage('sessions', 'low', many, range)).toBe(3);
  });
});

describe('bucketValue', () => {
  it.each([
    ['billed_messages_total', 'max', 7],
    ['billed_messages_total', 'min', 7],
    ['bytes_total', 'max', 70],
    ['sessions', 'max', 3],
    ['sessions', 'min', 3],
    ['topics', 'max', 12],
    ['topics', 'min', 11],
  ] as const)('reads %s (%s) from a bucket', (metric, take, expected) => {
    expect(bucketValue(minuteB, metric, take)).toBe(expected);
  });
});

describe('defaultUsageStep', () => {
  it.each([
    [0, 60],
    [1, 60],
    [2 * HOUR, 60],
    [2 * HOUR + 1, HOUR],
    [12 * HOUR, HOUR],
    [4 * 86_400, HOUR],
    [4 * 86_400 + 1, 86_400],
    [31 * 86_400, 86_400],
    [400 * 86_400, 86_400],
  ])('picks for a span of %i s a step of %i s', (span, step) => {
    expect(defaultUsageStep(T0, T0 + span)).toBe(step);
  });

  it.each(['hour', 'halfday', 'day', 'isoWeek', 'month'])(
    'agrees with the step of period %s',
    (period) => {
      const range = usagePeriodRange(period, new Date('2025-03-12T10:17:03Z'), 60);
      expect(defaultUsageStep(range.from, range.to)).toBe(range.stepSeconds);
    },
  );
});

describe('counterIncrease', () => {
  it.each([
    ['no previous reading, counting the first', null, { value: 40, startedAt: 100 }, true, 40],
    ['no previous reading, not counting the first', null, { value: 40, startedAt: 100 }, false, 0],
    [
      'the same process, risen',
      { value: 40, startedAt: 100 },
      { value: 55, startedAt: 100 },
      true,
      15,
    ],
    [
      'the same process, unchanged',
      { value: 40, startedAt: 100 },
      { value: 40, startedAt: 100 },
      true,
      0,
    ],
    [
      'a restart seen by its start time',
      { value: 40, startedAt: 100 },
      { value: 70, startedAt: 200 },
      true,
      70,
    ],
    [
      'a restart seen by its start time, counted from zero',
      { value: 40, startedAt: 100 },
      { value: 3, startedAt: 200 },
      false,
      3,
    ],
    [
      'a restart seen by a lower value only',
      { value: 40, startedAt: 100 },
      { value: 5, startedAt: 100 },
      true,
      5,
    ],
    [
      'a restarted process at zero',
      { value: 40, startedAt: 100 },
      { value: 0, startedAt: 300 },
      true,
      0,
    ],
  ] as const)('counts %s', (_label, previous, current, countFirst, expected) => {
    expect(counterIncrease(previous, current, countFirst)).toBe(expected);
  });

  it('counts the first reading by default', () => {
    expect(counterIncrease(null, { value: 12, startedAt: 1 })).toBe(12);
  });
});
