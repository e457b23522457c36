import { describe, expect, it } from 'vitest';
import {
  formatInvoiceMonth,
  hasMonthEnded,
  monthOf,
  monthRange,
  nextMonth,
  parseInvoiceMonth,
  previousMonth,
} from './invoice-month';

describe('invoice months', () => {
  it.each([
    [{ year: 2027, month: 2 }, 28],
    [{ year: 2028, month: 2 }, 29],
    [{ year: 2026, month: 11 }, 30],
    [{ year: 2026, month: 12 }, 31],
  ])('%j has %i days', (month, days) => {
    const { start, end } = monthRange(month);
    expect((end - start) / 86_400).toBe(days);
  });

  it('starts at the first instant of the month in UTC', () => {
    expect(monthRange({ year: 2026, month: 11 })).toEqual({
      start: Date.parse('2026-11-01T00:00:00Z') / 1000,
      end: Date.parse('2026-12-01T00:00:00Z') / 1000,
    });
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toEqual({ year: 2026, month: 11 });
  });

  it('steps across years', () => {
    expect(previousMonth({ year: 2027, month: 1 })).toEqual({ year: 2026, month: 12 });
    expect(nextMonth({ year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
  });

  it.each([
    ['2026-11', { year: 2026, month: 11 }],
    [' 2026-01 ', { year: 2026, month: 1 }],
    ['2026-13', null],
    ['2026-1', null],
    ['1999-12', null],
    ['nov', null],
  ])('parses %j', (text, month) => {
    expect(parseInvoiceMonth(text)).toEqual(month);
    if (month) expect(formatInvoiceMonth(month)).toBe(text.trim());
  });

  it('has ended only from the first instant of the next month', () => {
    expect(hasMonthEnded({ year: 2026, month: 11 }, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(hasMonthEnded({ year: 2026, month: 11 }, new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });
});
