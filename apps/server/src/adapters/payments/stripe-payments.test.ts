import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake } from '../../testing/stripe-fake/stripe-fake';
import type { StripeFake } from '../../testing/stripe-fake/stripe-fake';
import type { PaymentsPort } from './payments-port';
import { createStripePayments, stripeEndpoint } from './stripe-payments';

const WEBHOOK_SECRET = 'whsec_test_herald_0123456789abcdef';
let now = new Date('2026-11-26T12:00:00Z');
const clock = () => now;

let fake: StripeFake;
let payments: PaymentsPort;

beforeAll(async () => {
  fake = await startStripeFake({ clock });
  payments = createStripePayments(
    { stripeSecretKey: fake.apiKey, stripeWebhookSecret: WEBHOOK_SECRET, stripeApiUrl: fake.url },
    { clock },
  );
});
afterAll(() => fake.close());

let sequence = 0;
const key = (label: string) => `test-${label}-${(sequence += 1)}`;

async function customerWithCard(card: string) {
  const { customerId } = await payments.createCustomer({
    workspaceId: 'w-1',
    email: 'owner@example.com',
    name: 'Acme',
    idempotencyKey: key('customer'),
  });
  const session = await payments.createCheckoutSession({
    customerId,
    successUrl: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/checkout/failure',
    metadata: { checkoutId: 'chk-1', workspaceId: 'w-1', purpose: 'paymentMethod' },
    idempotencyKey: key('session'),
  });
  const completion = fake.completeCheckout(session.id, card);
  const method = await payments.paymentMethodOfCheckout(session.id);
  return { customerId, session, completion, method };
}

const lines = [
  { description: 'Plan small, 1 node, 1–30 Nov', amount: 1900 },
  { description: 'Messages over the plan', amount: 250 },
];

describe('StripePayments against the Stripe-shaped fake', () => {
  it('creates a customer carrying the workspace id', async () => {
    const { customerId } = await payments.createCustomer({
      workspaceId: 'w-42',
      email: 'billing@example.com',
      name: 'Example Ltd',
      idempotencyKey: 'workspace-w-42',
    });
    expect(customerId).toMatch(/^cus_/);
    const customer = fake.object<Stripe.Customer>(customerId);
    expect(customer).toMatchObject({
      email: 'billing@example.com',
      name: 'Example Ltd',
      metadata: { workspaceId: 'w-42' },
    });
    const request = fake.requests.findLast((entry) => entry.path === '/v1/customers');
    expect(request?.idempotencyKey).toBe('workspace-w-42:customer');
  });

  it('opens a setup-mode checkout session with the fields Stripe needs', async () => {
    const { customerId, session } = await customerWithCard('4242 4242 4242 4242');
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    const request = fake.requests.findLast((entry) => entry.path === '/v1/checkout/sessions');
    expect(request?.params).toEqual({
      mode: 'setup',
      customer: customerId,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/checkout/failure',
      metadata: { checkoutId: 'chk-1', workspaceId: 'w-1', purpose: 'paymentMethod' },
    });
    expect(request?.idempotencyKey).toMatch(/^test-session-\d+:checkout$/);
  });

  it('reads back the card a completed checkout stored, and nothing before completion', async () => {
    const { customerId } = await payments.createCustomer({
      workspaceId: 'w-1',
      email: null,
      name: 'Acme',
      idempotencyKey: key('customer'),
    });
    const session = await payments.createCheckoutSession({
      customerId,
      successUrl: 'http://localhost:3000/checkout/success',
      cancelUrl: 'http://localhost:3000/checkout/failure',
      metadata: {},
      idempotencyKey: key('session'),
    });
    expect(await payments.paymentMethodOfCheckout(session.id)).toBeNull();
    fake.completeCheckout(session.id, { number: '5555555555554444', expMonth: 4, expYear: 2031 });
    const method = await payments.paymentMethodOfCheckout(session.id);
    expect(method).toEqual({
      paymentMethodId: expect.stringMatching(/^pm_/),
      brand: 'mastercard',
      last4: '4444',
      expMonth: 4,
      expYear: 2031,
    });
    const retrieve = fake.requests.findLast((entry) => entry.method === 'GET');
    expect(retrieve?.params).toEqual({ expand: ['setup_intent.payment_method'] });
  });

  it('stores nothing when the card is declined at setup', async () => {
    const { completion, method } = await customerWithCard('4000 0000 0000 0002');
    expect(completion).toEqual({ status: 'declined', message: 'Your card was declined.' });
    expect(method).toBeNull();
  });

  it('charges: a finalized invoice with one line per request line, paid with the stored card', async () => {
    const { customerId, method } = await customerWithCard('pm_card_visa');
    const result = await payments.charge({
      customerId,
      paymentMethodId: method!.paymentMethodId,
      currency: 'usd',
      lines,
      description: 'Herald Cloud, November 2026',
      metadata: { invoiceId: 'inv-1' },
      idempotencyKey: 'invoice-inv-1',
    });
    expect(result).toEqual({
      status: 'paid',
      providerInvoiceId: expect.stringMatching(/^in_/),
      hostedInvoiceUrl: expect.stringContaining('/i/in_'),
    });
    const invoice = fake.object<Stripe.Invoice>(result.providerInvoiceId!)!;
    expect(invoice).toMatchObject({
      status: 'paid',
      customer: customerId,
      currency: 'usd',
      amount_paid: 2150,
      collection_method: 'charge_automatically',
      auto_advance: false,
      default_payment_method: method!.paymentMethodId,
      description: 'Herald Cloud, November 2026',
      metadata: { invoiceId: 'inv-1' },
    });
    expect(invoice.lines.data.map((line) => [line.description, line.amount])).toEqual(
      lines.map((line) => [line.description, line.amount]),
    );
    const keys = fake.requests
      .filter((entry) => entry.idempotencyKey?.startsWith('invoice-inv-1'))
      .map((entry) => entry.idempotencyKey);
    expect(keys).toEqual([
      'invoice-inv-1:invoice',
      'invoice-inv-1:item:0',
      'invoice-inv-1:item:1',
      'invoice-inv-1:finalize',
      'invoice-inv-1:pay',
    ]);
  });

  it('a card that attaches but cannot be charged (0341) fails the charge and voids its invoice', async () => {
    const { customerId, method } = await customerWithCard('4000000000000341');
    expect(method?.last4).toBe('0341');
    const result = await payments.charge({
      customerId,
      paymentMethodId: method!.paymentMethodId,
      currency: 'usd',
      lines,
      description: 'Upgrade to medium',
      metadata: {},
      idempotencyKey: 'upgrade-1',
    });
    expect(result).toEqual({
      status: 'failed',
      providerInvoiceId: expect.stringMatching(/^in_/),
      message: 'Your card was declined.',
    });
    expect(fake.object<Stripe.Invoice>(result.providerInvoiceId!)).toMatchObject({
      status: 'void',
      amount_paid: 0,
      attempt_count: 1,
    });
  });

  it('a retried charge with the same key returns the same invoice and charges once', async () => {
    const { customerId, method } = await customerWithCard('pm_card_visa');
    const request = {
      customerId,
      paymentMethodId: method!.paymentMethodId,
      currency: 'usd',
      lines,
      description: 'Herald Cloud, October 2026',
      metadata: {},
      idempotencyKey: 'invoice-retried',
    };
    const first = await payments.charge(request);
    const second = await payments.charge(request);
    expect(second).toEqual(first);
    const invoices = fake
      .objectsOf<Stripe.Invoice>('invoice')
      .filter((invoice) => invoice.customer === customerId);
    expect(invoices).toHaveLength(1);
    expect(
      fake.objectsOf<Stripe.InvoiceItem>('invoiceitem').filter((i) => i.customer === customerId),
    ).toHaveLength(2);
    const paidEvents = fake.events.filter(
      (event) => event.type === 'invoice.paid' && event.data.object.id === first.providerInvoiceId,
    );
    expect(paidEvents).toHaveLength(1);
    expect(
      fake.requests
        .filter((entry) => entry.idempotencyKey === 'invoice-retried:pay')
        .map((e) => e.replayed),
    ).toEqual([false, true]);
  });

  it("the SDK's network retry after a lost answer replays Stripe's saved result (one charge)", async () => {
    const { customerId, method } = await customerWithCard('pm_card_visa');
    fake.dropResponses(1, 'POST', /^\/v1\/invoices\/[^/]+\/pay$/);
    const result = await payments.charge({
      customerId,
      paymentMethodId: method!.paymentMethodId,
      currency: 'usd',
      lines,
      description: 'Herald Cloud, September 2026',
      metadata: {},
      idempotencyKey: 'invoice-dropped',
    });
    expect(result.status).toBe('paid');
    const pays = fake.requests.filter((entry) => entry.idempotencyKey === 'invoice-dropped:pay');
    expect(pays.map((entry) => entry.replayed)).toEqual([false, true]);
    expect(fake.object<Stripe.Invoice>(result.providerInvoiceId!)?.attempt_count).toBe(1);
  });

  describe('webhooks', () => {
    async function delivery(options: { secret?: string; timestamp?: number; body?: string }) {
      const event = fake.buildEvent<Stripe.CustomerCreatedEvent>(
        'customer.created',
        fake.objectsOf<Stripe.Customer>('customer')[0]!,
      );
      let captured: { body: string; headers: Record<string, string> } | undefined;
      await fake.sendWebhook(
        async (request) => {
          captured = request;
          return { status: 200, body: '' };
        },
        event,
        {
          secret: options.secret ?? WEBHOOK_SECRET,
          ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
        },
      );
      return {
        event,
        body: options.body ?? captured!.body,
        header: captured!.headers['stripe-signature'],
      };
    }

    it('verifies a signed event and reduces it to what the handler applies', async () => {
      const { event, body, header } = await delivery({});
      expect(payments.verifyWebhook(Buffer.from(body), header)).toEqual({
        id: event.id,
        type: 'customer.created',
        created: event.created,
        object: JSON.parse(JSON.stringify(event.data.object)),
      });
    });

    it('refuses a forged signature, a tampered body and a missing header', async () => {
      const forged = await delivery({ secret: 'whsec_someone_else' });
      expect(() => payments.verifyWebhook(Buffer.from(forged.body), forged.header)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      const genuine = await delivery({});
      const tampered = genuine.body.replace('"livemode": false', '"livemode": true');
      expect(tampered).not.toBe(genuine.body);
      expect(() => payments.verifyWebhook(Buffer.from(tampered), genuine.header)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      expect(() => payments.verifyWebhook(Buffer.from(genuine.body), undefined)).toThrow(
        /Stripe-Signature header is missing/,
      );
    });

    it('refuses a delivery signed more than 300 s before now (on the app clock)', async () => {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const fresh = await delivery({ timestamp: nowSeconds - 300 });
      expect(payments.verifyWebhook(Buffer.from(fresh.body), fresh.header).type).toBe(
        'customer.created',
      );
      const stale = await delivery({ timestamp: nowSeconds - 301 });
      expect(() => payments.verifyWebhook(Buffer.from(stale.body), stale.header)).toThrow(
        /Timestamp outside the tolerance zone/,
      );
      // The same delivery, checked 10 minutes later, is a replay.
      const later = now;
      now = new Date(now.getTime() + 600_000);
      try {
        expect(() => payments.verifyWebhook(Buffer.from(fresh.body), fresh.header)).toThrow(
          /Timestamp outside the tolerance zone/,
        );
      } finally {
        now = later;
      }
    });
  });
});

describe('createStripePayments', () => {
  it('needs both secrets, and never shows them', () => {
    const make = () =>
      createStripePayments({
        stripeSecretKey: 'sk_test_secret_value_123',
        stripeWebhookSecret: undefined,
        stripeApiUrl: undefined,
      });
    expect(make).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(make).not.toThrow(/sk_test_secret_value_123/);
    const swapped = () =>
      createStripePayments({
        stripeSecretKey: 'whsec_pasted_in_the_wrong_place',
        stripeWebhookSecret: 'sk_test_secret_value_123',
        stripeApiUrl: undefined,
      });
    expect(swapped).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret or restricted key/);
    expect(swapped).not.toThrow(/whsec_pasted_in_the_wrong_place/);
    expect(() =>
      createStripePayments({
        stripeSecretKey: 'sk_test_secret_value_123',
        stripeWebhookSecret: 'not-a-signing-secret',
        stripeApiUrl: undefined,
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret/);
  });

  it('a wrong API key is refused by the fake as by Stripe (401), without echoing the key', async () => {
    const wrong = createStripePayments({
      stripeSecretKey: 'sk_test_wrong_key_0000000000000000',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: fake.url,
    });
    const failure = wrong.createCustomer({
      workspaceId: 'w',
      email: null,
      name: 'n',
      idempotencyKey: 'k-wrong',
    });
    await expect(failure).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(failure).rejects.not.toThrow(/sk_test_wrong_key_0000000000000000/);
  });

  it('reads STRIPE_API_URL as the SDK host, port and protocol', () => {
    expect(stripeEndpoint(undefined)).toEqual({});
    expect(stripeEndpoint('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(stripeEndpoint('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(() => stripeEndpoint('http://127.0.0.1:12111/v1')).toThrow(/without a path/);
  });
});
