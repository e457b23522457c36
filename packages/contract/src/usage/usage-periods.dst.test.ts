import { describe, expect, it } from 'vitest';
import { usagePeriodRange, zeroFilledSeries } from './usage-periods';

/**
 * The web calls `usagePeriodRange(period, now, -now.getTimezoneOffset())`: the offset is the one in force at `now`,
 * a fixed number of minutes. Around a daylight-saving switch the browser reports a different offset on each side, so
 * these cases take the offsets a browser in that zone reports at each instant (checked against the platform's time
 * zone data below, so the table cannot drift from reality) and show that the day is always
 * [local midnight, next local midnight) for the offset given: 24 hourly points, never 23 or 25.
 */

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** What `-new Date(iso).getTimezoneOffset()` answers in a browser set to `timeZone`. */
function browserOffsetMinutes(iso: string, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) throw new Error(`Unexpected offset name ${name} for ${timeZone}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** [label, zone, now, offset the browser reports, local day start, local day end] */
const dstDays: [string, string, string, number, string, string][] = [
  [
    'Berlin, spring forward, 01:30 CET before the switch',
    'Europe/Berlin',
    '2025-03-30T00:30:00Z',
    60,
    '2025-03-29T23:00:00Z',
    '2025-03-30T23:00:00Z',
  ],
  [
    'Berlin, spring forward, 12:00 CEST after the switch',
    'Europe/Berlin',
    '2025-03-30T10:00:00Z',
    120,
    '2025-03-29T22:00:00Z',
    '2025-03-30T22:00:00Z',
  ],
  [
    'Berlin, the day before spring forward',
    'Europe/Berlin',
    '2025-03-29T12:00:00Z',
    60,
    '2025-03-28T23:00:00Z',
    '2025-03-29T23:00:00Z',
  ],
  [
    'Berlin, the day after spring forward',
    'Europe/Berlin',
    '2025-03-31T12:00:00Z',
    120,
    '2025-03-30T22:00:00Z',
    '2025-03-31T22:00:00Z',
  ],
  [
    'Berlin, fall back, 02:30 CEST before the switch',
    'Europe/Berlin',
    '2025-10-26T00:30:00Z',
    120,
    '2025-10-25T22:00:00Z',
    '2025-10-26T22:00:00Z',
  ],
  [
    'Berlin, fall back, 02:30 CET after the switch (the same wall-clock time again)',
    'Europe/Berlin',
    '2025-10-26T01:30:00Z',
    60,
    '2025-10-25T23:00:00Z',
    '2025-10-26T23:00:00Z',
  ],
  [
    'New York, spring forward, 01:30 EST before the switch',
    'America/New_York',
    '2025-03-09T06:30:00Z',
    -300,
    '2025-03-09T05:00:00Z',
    '2025-03-10T05:00:00Z',
  ],
  [
    'New York, spring forward, 03:30 EDT after the switch',
    'America/New_York',
    '2025-03-09T07:30:00Z',
    -240,
    '2025-03-09T04:00:00Z',
    '2025-03-10T04:00:00Z',
  ],
  [
    'New York, fall back, 01:30 EDT before the switch',
    'America/New_York',
    '2025-11-02T05:30:00Z',
    -240,
    '2025-11-02T04:00:00Z',
    '2025-11-03T04:00:00Z',
  ],
  [
    'New York, fall back, 01:30 EST after the switch (the same wall-clock time again)',
    'America/New_York',
    '2025-11-02T06:30:00Z',
    -300,
    '2025-11-02T05:00:00Z',
    '2025-11-03T05:00:00Z',
  ],
  [
    'New York, evening of the fall-back day, already the next UTC day',
    'America/New_York',
    '2025-11-03T03:00:00Z',
    -300,
    '2025-11-02T05:00:00Z',
    '2025-11-03T05:00:00Z',
  ],
];

describe('the day period across daylight-saving switches', () => {
  it.each(dstDays)('%s: the browser reports the offset we use', (_label, zone, now, offset) => {
    expect(browserOffsetMinutes(now, zone)).toBe(offset);
  });

  it.each(dstDays)(
    '%s: the day is [local midnight, next local midnight) for that offset, 24 hourly points',
    (_label, zone, now, _offset, from, to) => {
      const offset = browserOffsetMinutes(now, zone);
      const range = usagePeriodRange('day', new Date(now), offset);
      expect(range).toEqual({ from: seconds(from), to: seconds(to), stepSeconds: 3600 });
      expect(range.to - range.from).toBe(86_400);
      // Shifted by the offset, the start is a midnight of the same calendar date as `now` there.
      const localStart = new Date((range.from + offset * 60) * 1000);
      const localNow = new Date(Date.parse(now) + offset * 60_000);
      expect(localStart.toISOString().slice(10)).toBe('T00:00:00.000Z');
      expect(localStart.toISOString().slice(0, 10)).toBe(localNow.toISOString().slice(0, 10));
      expect(zeroFilledSeries([], range)).toHaveLength(24);
    },
  );

  it('gives the same wall-clock date on both sides of a fall-back switch, each in its own offset', () => {
    const before = usagePeriodRange('day', new Date('2025-10-26T00:30:00Z'), 120);
    const after = usagePeriodRange('day', new Date('2025-10-26T01:30:00Z'), 60);
    // One hour apart: the same local date, started at midnight of two different offsets.
    expect(after.from - before.from).toBe(3600);
    expect(after.to - before.to).toBe(3600);
  });
});

describe('the week and month periods across daylight-saving switches', () => {
  it.each([
    [
      'isoWeek',
      'Europe/Berlin',
      '2025-03-30T10:00:00Z',
      '2025-03-23T22:00:00Z',
      '2025-03-30T22:00:00Z',
      7,
    ],
    [
      'isoWeek',
      'Europe/Berlin',
      '2025-03-24T00:00:00Z',
      '2025-03-23T23:00:00Z',
      '2025-03-30T23:00:00Z',
      7,
    ],
    [
      'isoWeek',
      'America/New_York',
      '2025-11-02T12:00:00Z',
      '2025-10-27T05:00:00Z',
      '2025-11-03T05:00:00Z',
      7,
    ],
    [
      'month',
      'Europe/Berlin',
      '2025-03-31T21:59:59Z',
      '2025-02-28T22:00:00Z',
      '2025-03-31T22:00:00Z',
      31,
    ],
    [
      'month',
      'Europe/Berlin',
      '2025-03-01T00:00:00Z',
      '2025-02-28T23:00:00Z',
      '2025-03-31T23:00:00Z',
      31,
    ],
    [
      'month',
      'America/New_York',
      '2025-11-30T12:00:00Z',
      '2025-11-01T05:00:00Z',
      '2025-12-01T05:00:00Z',
      30,
    ],
  ])('%s in %s at %s covers %s to %s, %i daily points', (period, zone, now, from, to, days) => {
    const range = usagePeriodRange(period, new Date(now), browserOffsetMinutes(now, zone));
    expect(range).toEqual({ from: seconds(from), to: seconds(to), stepSeconds: 86_400 });
    expect(zeroFilledSeries([], range)).toHaveLength(days);
  });
});

describe('calendar periods at month and year ends', () => {
  it.each([
    ['Jan 31, the last day of January', '2025-01-31T12:00:00Z', 0, '2025-01-31', '2025-02-01'],
    ['Feb 28 in a common year, then March', '2025-02-28T12:00:00Z', 0, '2025-02-28', '2025-03-01'],
    ['Feb 28 in a leap year, then the 29th', '2024-02-28T12:00:00Z', 0, '2024-02-28', '2024-02-29'],
    ['Feb 29 in a leap year, then March', '2024-02-29T23:59:59Z', 0, '2024-02-29', '2024-03-01'],
    ['Dec 31, then the next year', '2025-12-31T23:59:59Z', 0, '2025-12-31', '2026-01-01'],
    [
      'Dec 31 in UTC-12 while already the new year in UTC',
      '2026-01-01T11:00:00Z',
      -720,
      '2025-12-31',
      '2026-01-01',
    ],
    [
      'Jan 1 in UTC+14 while still the old year in UTC',
      '2025-12-31T10:00:00Z',
      840,
      '2026-01-01',
      '2026-01-02',
    ],
    [
      'Jan 1 in UTC+13 while still the old year in UTC',
      '2025-12-31T11:00:00Z',
      780,
      '2026-01-01',
      '2026-01-02',
    ],
    [
      'Mar 1 in UTC+05:30 while still Feb 28 in UTC',
      '2025-02-28T19:00:00Z',
      330,
      '2025-03-01',
      '2025-03-02',
    ],
    [
      'Feb 28 in UTC-03:30 while already Mar 1 in UTC',
      '2025-03-01T03:00:00Z',
      -210,
      '2025-02-28',
      '2025-03-01',
    ],
  ])(
    'day on %s (%s, offset %i) is the local date %s to %s',
    (_label, now, offset, fromDate, toDate) => {
      const shift = offset * 60;
      expect(usagePeriodRange('day', new Date(now), offset)).toEqual({
        from: seconds(`${fromDate}T00:00:00Z`) - shift,
        to: seconds(`${toDate}T00:00:00Z`) - shift,
        stepSeconds: 3600,
      });
    },
  );

  it.each([
    ['January from its last day', '2025-01-31T23:59:59Z', 0, '2025-01-01', '2025-02-01'],
    ['February 2025 (28 days)', '2025-02-28T23:59:59Z', 0, '2025-02-01', '2025-03-01'],
    ['February 2024 (29 days)', '2024-02-29T00:00:00Z', 0, '2024-02-01', '2024-03-01'],
    ['December, ending in the next year', '2025-12-31T12:00:00Z', 0, '2025-12-01', '2026-01-01'],
    [
      'January in UTC+14 while December in UTC',
      '2025-12-31T10:00:00Z',
      840,
      '2026-01-01',
      '2026-02-01',
    ],
    [
      'December in UTC-12 while January in UTC',
      '2026-01-01T11:59:59Z',
      -720,
      '2025-12-01',
      '2026-01-01',
    ],
    [
      'March in UTC+05:30 while February in UTC',
      '2025-02-28T18:30:00Z',
      330,
      '2025-03-01',
      '2025-04-01',
    ],
    [
      'February in UTC-03:30 while March in UTC',
      '2025-03-01T03:29:59Z',
      -210,
      '2025-02-01',
      '2025-03-01',
    ],
    [
      'March in UTC-03:30 from its first second',
      '2025-03-01T03:30:00Z',
      -210,
      '2025-03-01',
      '2025-04-01',
    ],
  ])('month for %s (%s, offset %i) is %s to %s', (_label, now, offset, fromDate, toDate) => {
    const shift = offset * 60;
    expect(usagePeriodRange('month', new Date(now), offset)).toEqual({
      from: seconds(`${fromDate}T00:00:00Z`) - shift,
      to: seconds(`${toDate}T00:00:00Z`) - shift,
      stepSeconds: 86_400,
    });
  });
});

describe('ISO weeks across month and year ends', () => {
  it.each([
    // 2025-03-31 is a Monday; the week runs into April.
    ['a week from March into April', '2025-04-02T12:00:00Z', 0, '2025-03-31', '2025-04-07'],
    [
      'a Sunday: the week that started the previous Monday',
      '2025-04-06T23:59:59Z',
      0,
      '2025-03-31',
      '2025-04-07',
    ],
    [
      'the Monday after that Sunday: a new week',
      '2025-04-07T00:00:00Z',
      0,
      '2025-04-07',
      '2025-04-14',
    ],
    // ISO week 1 of 2026 starts on Monday 2025-12-29.
    ['New Year 2026 (a Thursday)', '2026-01-01T12:00:00Z', 0, '2025-12-29', '2026-01-05'],
    [
      'Sunday 2026-01-04, still the week of 2025-12-29',
      '2026-01-04T20:00:00Z',
      0,
      '2025-12-29',
      '2026-01-05',
    ],
    // 2028-01-02 is a Sunday: it belongs to the week that started Monday 2027-12-27.
    [
      'Sunday 2028-01-02, in the week of Monday 2027-12-27',
      '2028-01-02T12:00:00Z',
      0,
      '2027-12-27',
      '2028-01-03',
    ],
    [
      'Monday in UTC+14 while Sunday in UTC',
      '2025-04-06T11:00:00Z',
      840,
      '2025-04-07',
      '2025-04-14',
    ],
    [
      'Sunday in UTC-12 while Monday in UTC',
      '2025-04-07T11:00:00Z',
      -720,
      '2025-03-31',
      '2025-04-07',
    ],
    [
      'Monday in UTC+05:30 while Sunday in UTC',
      '2025-04-06T18:30:00Z',
      330,
      '2025-04-07',
      '2025-04-14',
    ],
    [
      'Sunday in UTC-03:30 while Monday in UTC',
      '2025-04-07T03:29:59Z',
      -210,
      '2025-03-31',
      '2025-04-07',
    ],
    ['a leap-year February into March', '2028-03-01T12:00:00Z', 0, '2028-02-28', '2028-03-06'],
  ])(
    'isoWeek on %s (%s, offset %i) is Monday %s to Monday %s',
    (_label, now, offset, fromDate, toDate) => {
      const shift = offset * 60;
      const range = usagePeriodRange('isoWeek', new Date(now), offset);
      expect(range).toEqual({
        from: seconds(`${fromDate}T00:00:00Z`) - shift,
        to: seconds(`${toDate}T00:00:00Z`) - shift,
        stepSeconds: 86_400,
      });
      expect(new Date(`${fromDate}T00:00:00Z`).getUTCDay()).toBe(1);
    },
  );
});
