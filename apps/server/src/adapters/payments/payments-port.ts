/**
 * The payments port (issue 13, ARCHITECTURE "Ports"). Its embedded default is the built-in checkout (a hosted card
 * page served by this server that follows Stripe Checkout's flow, with Stripe's test cards); the production adapter
 * is Stripe through its official SDK. Both deliver completion as a signed event to the same webhook handler, and a
 * plan is activated only by such a verified event, never by the browser's redirect.
 *
 * Every mutation takes an idempotency key: a retried call (a crash between the provider's answer and our commit)
 * must not create a second customer, session or charge.
 */

export interface CardDetails {
  /** The provider's payment method id (`pm_...`). */
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CheckoutSessionRequest {
  customerId: string;
  /** Where the provider sends the browser after success: `{PUBLIC_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  /** Where it goes on cancel: `{PUBLIC_URL}/checkout/failure`. */
  cancelUrl: string;
  /** Carried back on the completion event (our checkout id, workspace id, purpose). */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface ProviderCheckoutSession {
  /** The provider's session id (`cs_...`). */
  id: string;
  /** The page the browser is sent to. */
  url: string;
}

export interface InvoiceLineRequest {
  description: string;
  /** Cents, ≥ 0. */
  amount: number;
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  currency: string;
  lines: InvoiceLineRequest[];
  /** Shown on the provider's invoice. */
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export type ChargeResult =
  | { status: 'paid'; providerInvoiceId: string; hostedInvoiceUrl: string | null }
  | { status: 'failed'; providerInvoiceId: string | null; message: string };

/** A verified provider event, reduced to what we apply. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Unix seconds, the provider's creation time (events may arrive out of order). */
  created: number;
  /** The event's object (a checkout session, invoice ...), as the provider sent it. */
  object: Record<string, unknown>;
}

export interface PaymentsPort {
  readonly kind: 'builtin' | 'stripe';
  createCustomer(input: {
    workspaceId: string;
    email: string | null;
    name: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }>;
  /** A checkout session in setup mode: it stores a card on the customer. */
  createCheckoutSession(input: CheckoutSessionRequest): Promise<ProviderCheckoutSession>;
  /** The card a completed checkout stored (read when its completion event is applied). */
  paymentMethodOfCheckout(providerSessionId: string): Promise<CardDetails | null>;
  /** Create, finalize and pay an invoice for the lines with the stored card, at once. */
  charge(input: ChargeRequest): Promise<ChargeResult>;
  /** Verify a webhook's signature (300 s tolerance) and parse it; throws on a bad signature. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
