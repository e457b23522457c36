/**
 * The month an invoice covers (issue 13, docs/decisions/024): a calendar month in UTC (GMT, as the checkout
 * estimate's proration, spec section 9 "Money"), from its first instant to the first instant of the next month.
 */
export interface InvoiceMonth {
  year: number;
  /** 1–12. */
  month: number;
}

/** The month as unix seconds: `start` inclusive, `end` exclusive. */
export function monthRange({ year, month }: InvoiceMonth): { start: number; end: number } {
  return { start: Date.UTC(year, month - 1, 1) / 1000, end: Date.UTC(year, month, 1) / 1000 };
}

/** The month holding `at` (UTC). */
export function monthOf(at: Date): InvoiceMonth {
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 };
}

export function previousMonth({ year, month }: InvoiceMonth): InvoiceMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export function nextMonth({ year, month }: InvoiceMonth): InvoiceMonth {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** `2026-11`. */
export function formatInvoiceMonth({ year, month }: InvoiceMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** `YYYY-MM` (the operator's `invoice-run 2026-11`) or null when it is not one. */
export function parseInvoiceMonth(text: string): InvoiceMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || month < 1 || month > 12) return null;
  return { year, month };
}

/** Whether the whole month lies before `now` (only ended months are invoiced). */
export function hasMonthEnded(month: InvoiceMonth, now: Date): boolean {
  return monthRange(month).end * 1000 <= now.getTime();
}

/** Month abbreviations, fixed in English like every other text of the product (not the browser's locale). */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
