/**
 * Paging of the invoice summary (spec section 7: GET .../billing/invoice/summary with startDate, endDate and
 * optional startAfter, "paged until no more"; docs/decisions/024). Invoices in the range are listed oldest first
 * (the chart's order), a page at a time; `startAfter` is the id of the last invoice of the previous page, like
 * Stripe's `starting_after`.
 */
export const INVOICE_SUMMARY_PAGE_SIZE = 12;

/** A page from up to `pageSize + 1` rows read in order: the extra row only tells that there are more. */
export function summaryPage<T extends { id: string }>(
  rows: readonly T[],
  pageSize: number = INVOICE_SUMMARY_PAGE_SIZE,
): { items: T[]; hasMore: boolean; startAfter: string | null } {
  const items = rows.slice(0, pageSize);
  const hasMore = rows.length > pageSize;
  return { items, hasMore, startAfter: hasMore ? (items[items.length - 1]?.id ?? null) : null };
}

export const INVOICE_CURSOR_UNKNOWN_MESSAGE =
  'startAfter is not an invoice of this organisation: start again without it.';
