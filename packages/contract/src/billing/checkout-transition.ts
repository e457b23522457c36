import type { CheckoutSessionStatus } from './checkout.schema';

/**
 * The payment provider's checkout events we apply (Stripe's names; the built-in checkout sends the same).
 * Everything else is recorded as seen and ignored.
 */
export const CHECKOUT_EVENT_TYPES = {
  completed: 'checkout.session.completed',
  expired: 'checkout.session.expired',
} as const;

export type CheckoutEventOutcome =
  /** Store the card and apply the checkout's purpose (the outcome may still be `failed` if that is refused). */
  { apply: 'complete' } | { apply: 'expire' } | { apply: 'nothing'; reason: string };

/**
 * The checkout state machine (open → complete | expired | failed): only an open checkout moves, so a duplicate
 * `completed`, an `expired` after `completed` or a `completed` after `expired` (out of order) changes nothing.
 */
export function checkoutEventOutcome(
  status: CheckoutSessionStatus,
  eventType: string,
): CheckoutEventOutcome {
  if (status !== 'open') return { apply: 'nothing', reason: `the checkout is already ${status}` };
  if (eventType === CHECKOUT_EVENT_TYPES.completed) return { apply: 'complete' };
  if (eventType === CHECKOUT_EVENT_TYPES.expired) return { apply: 'expire' };
  return { apply: 'nothing', reason: `${eventType} is not applied` };
}

/** Stripe's webhook signature tolerance (seconds): an older or future-dated signature is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Parses `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...]`; null when it has no timestamp or no v1. */
export function parseSignatureHeader(
  header: string | undefined,
): { timestamp: number; signatures: string[] } | null {
  if (!header) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((item) => item.trim());
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value))
      signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Whether a signature's timestamp is within the tolerance of `nowSeconds` (either side). */
export function isFreshSignature(timestamp: number, nowSeconds: number): boolean {
  return Math.abs(nowSeconds - timestamp) <= WEBHOOK_TOLERANCE_SECONDS;
}
