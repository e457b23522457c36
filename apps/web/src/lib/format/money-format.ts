/**
 * Cents as money in the invoice's currency: whole units when there are no cents ($29), else two decimals ($12.50).
 * Amounts on the wire are integer cents (spec section 9 "Money"); currencies arrive lower-case like Stripe's.
 */
export function formatCents(cents: number, currency = 'usd'): string {
  const isWhole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: isWhole ? 0 : 2,
    maximumFractionDigits: isWhole ? 0 : 2,
  }).format(cents / 100);
}

/** Whole currency units (already rounded from cents), e.g. 43 usd → $43. */
export function formatWholeUnits(amount: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}
