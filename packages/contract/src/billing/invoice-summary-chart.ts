import { MONTH_ABBREVIATIONS } from './invoice-month';
import { centsToWholeUnits } from './money';

/**
 * The invoice summary chart of the billing page (spec section 9 "Money": the billing summary covers a configurable
 * number of past months, labelled by month abbreviation, with amounts rounded from cents). Months are calendar
 * months in UTC, like billing periods (billing-period.ts); the last month is the current one, because a
 * subscription is invoiced at the start of its period (docs/decisions/027-billing-screens.md).
 */

/** How many months the chart covers, the current one included. */
export const INVOICE_SUMMARY_MONTHS = 6;

/** The fields of an invoice summary the chart reads (invoiceSummarySchema). */
export interface SummarisedInvoice {
  /** Unix seconds. */
  periodStart: number;
  lineItems: readonly { price: { amount: number } }[];
}

export interface SummaryMonth {
  /** The month's first instant, unix seconds (UTC). */
  start: number;
  /** 'Jan' … 'Dec'. */
  label: string;
  /** 'Jan 2027': the same month with its year, for the table and the text summary. */
  longLabel: string;
  /** The month's total in cents, exact. */
  cents: number;
  /** The total in whole currency units, rounded from cents (centsToWholeUnits). */
  amount: number;
}

function monthStartSeconds(year: number, month: number): number {
  // Date.UTC normalises months outside 0–11 into the neighbouring years.
  return Date.UTC(year, month, 1) / 1000;
}

/**
 * The GET …/billing/invoice/summary range for the chart at `now`: from the first instant of the earliest month to
 * the last second of the current month, in unix seconds (both inclusive).
 */
export function invoiceSummaryRange(
  now: Date,
  months: number = INVOICE_SUMMARY_MONTHS,
): { startDate: number; endDate: number } {
  if (!Number.isInteger(months) || months < 1) {
    throw new RangeError(`months must be a positive integer, got ${String(months)}`);
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    startDate: monthStartSeconds(year, month - (months - 1)),
    endDate: monthStartSeconds(year, month + 1) - 1,
  };
}

/**
 * The chart's bars at `now`: one per month, oldest first, each the sum of the line items of the invoices whose
 * period starts in it. Months without invoices are 0; invoices outside the range are left out.
 */
export function summariseInvoicesByMonth(
  invoices: readonly SummarisedInvoice[],
  now: Date,
  months: number = INVOICE_SUMMARY_MONTHS,
): SummaryMonth[] {
  const { startDate } = invoiceSummaryRange(now, months);
  const first = new Date(startDate * 1000);
  const bars: SummaryMonth[] = Array.from({ length: months }, (_, index) => {
    const start = monthStartSeconds(first.getUTCFullYear(), first.getUTCMonth() + index);
    const date = new Date(start * 1000);
    const label = MONTH_ABBREVIATIONS[date.getUTCMonth()] ?? '';
    return {
      start,
      label,
      longLabel: `${label} ${String(date.getUTCFullYear())}`,
      cents: 0,
      amount: 0,
    };
  });
  const nextAfterLast = monthStartSeconds(first.getUTCFullYear(), first.getUTCMonth() + months);
  for (const invoice of invoices) {
    if (invoice.periodStart < startDate || invoice.periodStart >= nextAfterLast) continue;
    const date = new Date(invoice.periodStart * 1000);
    const index =
      (date.getUTCFullYear() - first.getUTCFullYear()) * 12 +
      date.getUTCMonth() -
      first.getUTCMonth();
    const bar = bars[index];
    if (bar === undefined) continue;
    bar.cents += invoice.lineItems.reduce((sum, item) => sum + item.price.amount, 0);
  }
  for (const bar of bars) bar.amount = centsToWholeUnits(bar.cents);
  return bars;
}
