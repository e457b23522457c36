import { describe, expect, it } from 'vitest';
import {
  INVOICE_SUMMARY_MONTHS,
  invoiceSummaryRange,
  summariseInvoicesByMonth,
} from './invoice-summary-chart';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const invoice = (periodStart: string, ...amounts: number[]) => ({
  periodStart: seconds(periodStart),
  lineItems: amounts.map((amount) => ({ price: { amount } })),
});

describe('invoiceSummaryRange', () => {
  it.each([
    ['2026-11-26T12:00:00Z', 6, '2026-06-01T00:00:00Z', '2026-11-30T23:59:59Z'],
    ['2027-02-10T08:00:00Z', 6, '2026-09-01T00:00:00Z', '2027-02-28T23:59:59Z'],
    ['2028-02-29T23:59:59Z', 3, '2027-12-01T00:00:00Z', '2028-02-29T23:59:59Z'],
    ['2027-01-01T00:00:00Z', 1, '2027-01-01T00:00:00Z', '2027-01-31T23:59:59Z'],
    ['2027-01-15T00:00:00Z', 13, '2026-01-01T00:00:00Z', '2027-01-31T23:59:59Z'],
    // Just before midnight UTC on the last day, in a time zone already in the next month, is still this month.
    ['2026-12-31T23:30:00-00:00', 2, '2026-11-01T00:00:00Z', '2026-12-31T23:59:59Z'],
  ])('at %s over %i months asks from %s to %s', (now, months, start, end) => {
    expect(invoiceSummaryRange(new Date(now), months)).toEqual({
      startDate: seconds(start),
      endDate: seconds(end),
    });
  });

  it('covers six months by default', () => {
    expect(INVOICE_SUMMARY_MONTHS).toBe(6);
    expect(invoiceSummaryRange(new Date('2026-11-26T12:00:00Z'))).toEqual(
      invoiceSummaryRange(new Date('2026-11-26T12:00:00Z'), 6),
    );
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s months', (months) => {
    expect(() => invoiceSummaryRange(new Date(), months)).toThrow(RangeError);
  });
});

describe('summariseInvoicesByMonth', () => {
  it('labels the months by abbreviation across a year boundary, oldest first, the current month last', () => {
    const bars = summariseInvoicesByMonth([], new Date('2027-02-10T08:00:00Z'));
    expect(bars.map((bar) => bar.label)).toEqual(['Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb']);
    expect(bars.map((bar) => bar.longLabel)).toEqual([
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
      'Dec 2026',
      'Jan 2027',
      'Feb 2027',
    ]);
    expect(bars.every((bar) => bar.amount === 0 && bar.cents === 0)).toBe(true);
  });

  it('sums the line items of every invoice into the month its period starts in', () => {
    const bars = summariseInvoicesByMonth(
      [
        invoice('2026-12-01T00:00:00Z', 2900, 1250),
        invoice('2026-12-15T00:00:00Z', 100),
        invoice('2027-01-01T00:00:00Z', 9900),
        invoice('2026-12-31T23:59:59Z', 1),
      ],
      new Date('2027-01-20T00:00:00Z'),
      3,
    );
    expect(bars.map(({ label, cents }) => [label, cents])).toEqual([
      ['Nov', 0],
      ['Dec', 4251],
      ['Jan', 9900],
    ]);
  });

  it.each([
    [149, 1],
    [150, 2],
    [4251, 43],
    [4249, 42],
    [0, 0],
    [-150, -1],
    [-151, -2],
  ])('rounds %i cents to %i whole units', (cents, amount) => {
    const [bar] = summariseInvoicesByMonth(
      [invoice('2026-11-02T00:00:00Z', cents)],
      new Date('2026-11-26T00:00:00Z'),
      1,
    );
    expect(bar?.amount).toBe(amount);
  });

  it('rounds the month total, not each line (three lines of 50 cents are 2, not 3)', () => {
    const [bar] = summariseInvoicesByMonth(
      [invoice('2026-11-02T00:00:00Z', 50, 50, 50)],
      new Date('2026-11-26T00:00:00Z'),
      1,
    );
    expect(bar).toMatchObject({ cents: 150, amount: 2 });
  });

  it('leaves out invoices before the first month and after the current one', () => {
    const bars = summariseInvoicesByMonth(
      [
        invoice('2026-05-31T23:59:59Z', 500),
        invoice('2026-06-01T00:00:00Z', 700),
        invoice('2026-12-01T00:00:00Z', 900),
      ],
      new Date('2026-11-26T00:00:00Z'),
    );
    expect(bars.map((bar) => bar.cents)).toEqual([700, 0, 0, 0, 0, 0]);
  });

  it('starts each bar at the first instant of its month in UTC', () => {
    const bars = summariseInvoicesByMonth([], new Date('2028-03-01T00:00:00Z'), 2);
    expect(bars.map((bar) => bar.start)).toEqual([
      seconds('2028-02-01T00:00:00Z'),
      seconds('2028-03-01T00:00:00Z'),
    ]);
  });
});
