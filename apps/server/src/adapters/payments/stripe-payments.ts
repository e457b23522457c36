import Stripe from 'stripe';
import type { Config } from '../../config';
import { ConfigError } from '../../config';
import type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  PaymentEvent,
  PaymentsPort,
} from './payments-port';

/**
 * The payments port on Stripe, through its official SDK only (docs/decisions/023 "Stripe"). Every mutation sends an
 * idempotency key derived from the caller's key, so a retry — the SDK's own (maxNetworkRetries 2) or the caller's
 * after a crash — replays Stripe's saved answer instead of creating a second customer, session, invoice or charge.
 */

export type StripePaymentsConfig = Pick<
  Config,
  'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl'
>;

/** Webhooks older than this are refused (a captured delivery cannot be replayed later). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** STRIPE_API_URL (a Stripe-compatible endpoint, e.g. the test fake) as the SDK's host, port and protocol. */
export function stripeEndpoint(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  // The SDK takes a host, not a base path: a path would be silently dropped, so it is refused.
  if (url.pathname !== '/' || url.search) {
    throw new ConfigError(
      `Invalid configuration: STRIPE_API_URL must be an origin without a path, such as http://127.0.0.1:12111 (got ${JSON.stringify(apiUrl)})`,
    );
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function cardOf(method: Stripe.PaymentMethod): CardDetails | null {
  if (method.type !== 'card' || !method.card) return null;
  return {
    paymentMethodId: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

export function createStripePayments(
  config: StripePaymentsConfig,
  options: { clock?: () => Date } = {},
): PaymentsPort {
  const { stripeSecretKey: secretKey, stripeWebhookSecret: webhookSecret } = config;
  if (!secretKey || !webhookSecret) {
    throw new ConfigError(
      'Invalid configuration: PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  // Formats only; the values are never echoed (they are secrets).
  if (!/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)',
    );
  }
  if (!/^whsec_\S+$/.test(webhookSecret)) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)",
    );
  }
  const clock = options.clock ?? (() => new Date());
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
    appInfo: { name: 'Herald Cloud' },
    ...stripeEndpoint(config.stripeApiUrl),
  });

  async function charge(input: ChargeRequest): Promise<ChargeResult> {
    const key = input.idempotencyKey;
    // A draft invoice first, then its lines attached to it by id: since API 2022-08-01 an invoice no longer sweeps
    // in the customer's pending items, and attaching by id keeps a line of an abandoned attempt off this invoice.
    const draft = await stripe.invoices.create(
      {
        customer: input.customerId,
        currency: input.currency,
        collection_method: 'charge_automatically',
        auto_advance: false,
        default_payment_method: input.paymentMethodId,
        pending_invoice_items_behavior: 'exclude',
        description: input.description,
        metadata: input.metadata,
      },
      { idempotencyKey: `${key}:invoice` },
    );
    for (const [index, line] of input.lines.entries()) {
      await stripe.invoiceItems.create(
        {
          customer: input.customerId,
          invoice: draft.id,
          currency: input.currency,
          amount: line.amount,
          description: line.description,
        },
        { idempotencyKey: `${key}:item:${index}` },
      );
    }
    const finalized = await stripe.invoices.finalizeInvoice(
      draft.id,
      { auto_advance: false },
      { idempotencyKey: `${key}:finalize` },
    );
    // An invoice of nothing is paid at finalization.
    if (finalized.status === 'paid') {
      return {
        status: 'paid',
        providerInvoiceId: draft.id,
        hostedInvoiceUrl: finalized.hosted_invoice_url ?? null,
      };
    }
    try {
      const paid = await stripe.invoices.pay(draft.id, {}, { idempotencyKey: `${key}:pay` });
      return {
        status: 'paid',
        providerInvoiceId: paid.id,
        hostedInvoiceUrl: paid.hosted_invoice_url ?? null,
      };
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      // Nothing was granted for it: void the invoice so the customer sees no open debt for a plan they did not get.
      await stripe.invoices.voidInvoice(draft.id, {}, { idempotencyKey: `${key}:void` });
      return { status: 'failed', providerInvoiceId: draft.id, message: error.message };
    }
  }

  return {
    kind: 'stripe',

    async createCustomer(input) {
      const customer = await stripe.customers.create(
        {
          name: input.name,
          ...(input.email !== null && { email: input.email }),
          metadata: { workspaceId: input.workspaceId },
        },
        { idempotencyKey: `${input.idempotencyKey}:customer` },
      );
      return { customerId: customer.id };
    },

    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: input.customerId,
          currency: 'usd',
          // Since API 2026-09-30 `payment_method_types` is gone from Checkout; this filter takes its place.
          allowed_payment_method_types: ['card'],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
        },
        { idempotencyKey: `${input.idempotencyKey}:checkout` },
      );
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async paymentMethodOfCheckout(providerSessionId) {
      const session = await stripe.checkout.sessions.retrieve(providerSessionId, {
        expand: ['setup_intent.payment_method'],
      });
      if (session.status !== 'complete') return null;
      const intent = session.setup_intent;
      if (!intent || typeof intent === 'string' || intent.status !== 'succeeded') return null;
      const method = intent.payment_method;
      if (!method || typeof method === 'string') return null;
      return cardOf(method);
    },

    charge,

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new Error('The Stripe-Signature header is missing');
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        // The app's clock (tests move it), in milliseconds as the SDK expects.
        clock().getTime(),
      );
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        object: event.data.object as unknown as Record<string, unknown>,
      } satisfies PaymentEvent;
    },
  };
}
