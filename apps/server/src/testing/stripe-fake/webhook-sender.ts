import Stripe from 'stripe';

/** Where a webhook goes: a URL, or a function that delivers it (e.g. through Fastify's `app.inject`). */
export type WebhookTarget =
  | string
  | ((request: {
      body: string;
      headers: Record<string, string>;
    }) => Promise<{ status: number; body: string }>);

export interface WebhookDeliveryOptions {
  /** The endpoint's signing secret (`whsec_…`); a different one forges the signature. */
  secret: string;
  /** Deliver the same event this many times (Stripe retries and may deliver twice); default 1. */
  times?: number;
  /** Wait between deliveries. */
  delayMs?: number;
  /** Unix seconds in the signature (`t=`); default the fake's clock. An old one makes a stale (replayed) delivery. */
  timestamp?: number;
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

/**
 * Delivers an event as Stripe does: the JSON body as Stripe formats it, signed in the `Stripe-Signature` header
 * (`t=…,v1=HMAC-SHA256(secret, "t.payload")`) by the SDK's own test signer.
 */
export async function deliverWebhook(
  target: WebhookTarget,
  event: Stripe.Event,
  options: WebhookDeliveryOptions & { now: number },
): Promise<WebhookDelivery[]> {
  const payload = JSON.stringify(event, null, 2);
  const deliveries: WebhookDelivery[] = [];
  for (let attempt = 0; attempt < (options.times ?? 1); attempt += 1) {
    if (attempt > 0 && options.delayMs) {
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret,
        timestamp: options.timestamp ?? options.now,
      }),
    };
    if (typeof target === 'function') {
      deliveries.push(await target({ body: payload, headers }));
    } else {
      const response = await fetch(target, { method: 'POST', headers, body: payload });
      deliveries.push({ status: response.status, body: await response.text() });
    }
  }
  return deliveries;
}
