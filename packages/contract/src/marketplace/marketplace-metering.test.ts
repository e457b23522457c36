import { describe, expect, it } from 'vitest';
import {
  MARKETPLACE_MAX_QUANTITY,
  hourStartOf,
  hoursDue,
  meteringBatches,
  meteringQuantity,
} from './marketplace-metering';

const at = (iso: string) => new Date(iso);
const isoList = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('hours due for metering', () => {
  it('meters nothing before the first hour has ended and its grace passed', () => {
    const since = at('2026-11-26T10:20:00Z');
    expect(hoursDue({ since, lastMetered: null, now: at('2026-11-26T11:04:59Z') })).toEqual([]);
    expect(
      isoList(hoursDue({ since, lastMetered: null, now: at('2026-11-26T11:05:00Z') })),
    ).toEqual(['2026-11-26T10:00:00.000Z']);
  });

  it('continues after the last metered hour', () => {
    expect(
      isoList(
        hoursDue({
          since: at('2026-11-26T01:00:00Z'),
          lastMetered: at('2026-11-26T08:00:00Z'),
          now: at('2026-11-26T11:30:00Z'),
        }),
      ),
    ).toEqual(['2026-11-26T09:00:00.000Z', '2026-11-26T10:00:00.000Z']);
  });

  it('is empty when the last hour due was metered', () => {
    expect(
      hoursDue({
        since: at('2026-11-26T01:00:00Z'),
        lastMetered: at('2026-11-26T10:00:00Z'),
        now: at('2026-11-26T11:30:00Z'),
      }),
    ).toEqual([]);
  });

  it('skips hours older than AWS accepts (6 hours)', () => {
    const hours = hoursDue({
      since: at('2026-11-20T00:00:00Z'),
      lastMetered: null,
      now: at('2026-11-26T12:10:00Z'),
    });
    expect(isoList(hours)).toEqual([
      '2026-11-26T06:00:00.000Z',
      '2026-11-26T07:00:00.000Z',
      '2026-11-26T08:00:00.000Z',
      '2026-11-26T09:00:00.000Z',
      '2026-11-26T10:00:00.000Z',
      '2026-11-26T11:00:00.000Z',
    ]);
  });

  it('floors to the UTC hour', () => {
    expect(hourStartOf(at('2026-11-26T11:59:59.999Z')).toISOString()).toBe(
      '2026-11-26T11:00:00.000Z',
    );
  });
});

describe('metering quantities and batches', () => {
  it.each([
    [0, 0],
    [-3, 0],
    [Number.NaN, 0],
    [1234, 1234],
    [12.6, 13],
    [5_000_000_000, MARKETPLACE_MAX_QUANTITY],
  ])('%s billed messages are sent as %s', (messages, quantity) => {
    expect(meteringQuantity(messages)).toBe(quantity);
  });

  it('cuts 60 records into calls of 25, 25 and 10', () => {
    const records = Array.from({ length: 60 }, (_, index) => index);
    expect(meteringBatches(records).map((batch) => batch.length)).toEqual([25, 25, 10]);
    expect(meteringBatches([])).toEqual([]);
  });
});
