import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFormBody } from './form-body';
import { startStripeFake } from './stripe-fake';
import type { StripeFake } from './stripe-fake';

/** The fake itself, driven through the official SDK: it must answer as Stripe does, refusals included. */

let fake: StripeFake;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = new Stripe(fake.apiKey, {
    host: '127.0.0.1',
    port: new URL(fake.url).port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.close());

describe('form bodies in bracket notation', () => {
  it('parses nested hashes, indexed arrays and appended arrays in order', () => {
    expect(
      parseFormBody(
        'a=1&metadata[k]=v&metadata[x%20y]=z&list[1]=b&list[0]=a&expand[]=p.q&expand[]=r&deep[o][0][n]=1',
      ),
    ).toEqual({
      a: '1',
      metadata: { k: 'v', 'x y': 'z' },
      list: ['a', 'b'],
      expand: ['p.q', 'r'],
      deep: { o: [{ n: '1' }] },
    });
  });
});

describe('the Stripe-shaped fake', () => {
  it('refuses a missing or wrong API key with 401', async () => {
    const wrong = new Stripe('sk_test_not_the_key_000000000000', {
      host: '127.0.0.1',
      port: new URL(fake.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.create({ name: 'x' })).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    const anonymous = await fetch(`${fake.url}/v1/customers`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('replays the saved answer for a repeated idempotency key, and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create({ name: 'A' }, { idempotencyKey: 'same-key' });
    const again = await stripe.customers.create({ name: 'A' }, { idempotencyKey: 'same-key' });
    expect(again.id).toBe(first.id);
    expect(fake.objectsOf<Stripe.Customer>('customer').filter((c) => c.name === 'A')).toHaveLength(
      1,
    );
    await expect(
      stripe.customers.create({ name: 'B' }, { idempotencyKey: 'same-key' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('refuses unknown parameters and missing objects as Stripe does', async () => {
    const customer = await stripe.customers.create({ name: 'C' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customer.id,
        success_url: 'http://localhost/ok',
        // Removed from Checkout in API 2026-09-30; the fake speaks the SDK's pinned version.
        ...({ payment_method_types: ['card'] } as object),
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    await expect(stripe.invoices.retrieve('in_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such invoice: 'in_missing'",
    });
  });

  it('expands nested objects, and refuses to expand what is not an id', async () => {
    const customer = await stripe.customers.create({ name: 'D' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'usd',
      success_url: 'http://localhost/ok',
    });
    fake.completeCheckout(session.id, 'pm_card_visa');
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['setup_intent.payment_method', 'customer'],
    });
    const intent = expanded.setup_intent as Stripe.SetupIntent;
    expect((intent.payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    expect((expanded.customer as Stripe.Customer).name).toBe('D');
    await expect(
      stripe.checkout.sessions.retrieve(session.id, { expand: ['mode'] }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers a declined charge with 402 card_error, and replays that answer for its key', async () => {
    const customer = await stripe.customers.create({ name: 'E' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'usd',
      success_url: 'http://localhost/ok',
    });
    fake.completeCheckout(session.id, 'pm_card_chargeCustomerFail');
    const method = fake
      .objectsOf<Stripe.PaymentMethod>('payment_method')
      .find((m) => m.customer === customer.id)!;
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      default_payment_method: method.id,
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      amount: 500,
      currency: 'usd',
    });
    await stripe.invoices.finalizeInvoice(invoice.id);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(
        stripe.invoices.pay(invoice.id, {}, { idempotencyKey: 'pay-once' }),
      ).rejects.toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'generic_decline',
      });
    }
    expect(fake.object<Stripe.Invoice>(invoice.id)?.attempt_count).toBe(1);
  });

  it('delivers a webhook signed so that the SDK verifies it, as many times as asked', async () => {
    const received: Array<{ body: string; signature: string }> = [];
    const endpoint = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ body, signature: String(request.headers['stripe-signature']) });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const customer = await stripe.customers.create({ name: 'F' });
      const event = fake.buildEvent<Stripe.CustomerCreatedEvent>('customer.created', customer);
      const { port } = endpoint.address() as AddressInfo;
      const deliveries = await fake.sendWebhook(`http://127.0.0.1:${port}/hook`, event, {
        secret: 'whsec_endpoint',
        times: 3,
        delayMs: 5,
      });
      expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
      expect(received).toHaveLength(3);
      for (const delivery of received) {
        const verified = stripe.webhooks.constructEvent(
          delivery.body,
          delivery.signature,
          'whsec_endpoint',
          300,
        );
        expect(verified.id).toBe(event.id);
      }
    } finally {
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });
});
