/** Money rules of spec section 9 "Money". Amounts on the wire are integer cents. */

/**
 * Cents to whole currency units, as credit is shown: rounded to the nearest unit, a half unit up
 * (Math.round: 150 → 2, 149 → 1, -150 → -1).
 */
export function centsToWholeUnits(cents: number): number {
  return Math.round(cents / 100);
}

export interface CreditInput {
  /** Cents. */
  amount: number;
  /** ISO 4217 code, any case (`usd`, `EUR`). */
  currency: string;
}

/** Credit in whole currency units with its currency sign, e.g. 12345 usd → `$123` in en-US. */
export function formatCredit({ amount, currency }: CreditInput, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(centsToWholeUnits(amount));
}

export interface PricedTier {
  pricing: { perNode: number };
}

/** Tiers ascending by price per node; ties keep their order; the input is not modified. */
export function sortTiersByPrice<T extends PricedTier>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => a.pricing.perNode - b.pricing.perNode);
}

export interface ClusteredTier {
  ha?: { clusterSize: number } | null;
}

/** Nodes a service of this tier runs on: the tier's HA cluster size with high availability, else 1. */
export function clusterSize(tier: ClusteredTier, highAvailability: boolean): number {
  return highAvailability ? (tier.ha?.clusterSize ?? 1) : 1;
}

export interface CheckoutCostInput {
  /** The tier's price per node for a whole month, in cents. */
  perNodeCents: number;
  nodes: number;
  now: Date;
}

/**
 * The estimated charge of a checkout at `now`, in cents: a month's price for `nodes` nodes,
 * prorated by the part of the current calendar month (GMT) still to come, counted in whole seconds
 * (remaining seconds / seconds in the month), rounded up to a whole cent. At the first instant of a
 * month it is the full price. Integer arithmetic, so there is no floating-point drift at exact
 * fractions.
 */
export function estimateCheckoutCost({ perNodeCents, nodes, now }: CheckoutCostInput): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const monthStart = Date.UTC(year, month, 1) / 1000;
  const monthEnd = Date.UTC(year, month + 1, 1) / 1000;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const secondsInMonth = monthEnd - monthStart;
  const remainingSeconds = monthEnd - nowSeconds;
  const numerator = perNodeCents * nodes * remainingSeconds;
  const quotient = Math.floor(numerator / secondsInMonth);
  return quotient * secondsInMonth < numerator ? quotient + 1 : quotient;
}
