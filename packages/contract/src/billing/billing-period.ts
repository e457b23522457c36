/**
 * The current billing period of a service (spec section 3 "Billing period"): the calendar month in UTC that holds
 * `now`, as unix seconds, from its first instant to the first instant of the next month (exclusive end).
 */
export function currentBillingMonth(now: Date): { start: number; end: number } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    start: Date.UTC(year, month, 1) / 1000,
    end: Date.UTC(year, month + 1, 1) / 1000,
  };
}
