/** A payment method's expiry, spec section 3: exp_month is 1–12, exp_year has four digits. */
export interface CardExpiryInput {
  exp_year: number;
  exp_month: number;
}

/**
 * The first instant at which the card is expired: the start of the month after its expiry month,
 * in UTC (a 12/2026 card expires at 2027-01-01T00:00:00Z). Throws RangeError for a month outside
 * 1–12 or a non-integer month or year (the schema rejects such input before it gets here).
 */
export function cardExpiresAt({ exp_year, exp_month }: CardExpiryInput): Date {
  if (
    !Number.isInteger(exp_year) ||
    !Number.isInteger(exp_month) ||
    exp_month < 1 ||
    exp_month > 12
  ) {
    throw new RangeError(`Invalid card expiry ${String(exp_month)}/${String(exp_year)}`);
  }
  // Date.UTC months are 0-based, so `exp_month` is already the month after the expiry month.
  return new Date(Date.UTC(exp_year, exp_month, 1));
}

/** Spec section 5: a card is expired after the end of its expiry month (UTC). */
export function isCardExpired(card: CardExpiryInput, now: Date): boolean {
  return now.getTime() >= cardExpiresAt(card).getTime();
}
