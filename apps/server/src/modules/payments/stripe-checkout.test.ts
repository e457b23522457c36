import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvent, service, servicePlanPeriod } from '../../db/schema';
import { createTestApp } from '../../testing/create-test-app';
import { startStripeFake } from '../../testing/stripe-fake/stripe-fake';
import type { StripeFake } from '../../testing/stripe-fake/stripe-fake';
import type { WebhookTarget } from '../../testing/stripe-fake/webhook-sender';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { insertTestService, stubProvisioner, uniqueServiceName } from '../../testing/test-services';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { openPlanPeriod } from '../invoicing/plan-periods.repository';

/**
 * The whole payment journey with PAYMENTS_PROVIDER=stripe: the app talks to the Stripe-shaped fake through the
 * official SDK (STRIPE_API_URL), the fake plays the customer on Stripe's Checkout page and Stripe's webhook
 * deliveries (signed with the endpoint's secret), and the app applies only what a verified event says.
 */

const WEBHOOK_SECRET = 'whsec_herald_e2e_0123456789abcdefghijklmnop';

type Team = Awaited<ReturnType<typeof createTestTeam>>;

describe('checkout with Stripe (against the Stripe-shaped fake)', () => {
  let fake: StripeFake;
  let database: TestDatabase;
  let app: FastifyInstance;
  let team: Team;

  beforeAll(async () => {
    fake = await startStripeFake();
    database = await createTestDatabase();
    app = await createTestApp({
      db: database,
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: fake.apiKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      },
    });
    stubProvisioner(app);
    team = await createTestTeam(app, 'Stripe customers');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  /** Stripe's delivery to POST /v3/billing/webhook, through the app (no port needed). */
  const webhook: WebhookTarget = async ({ body, headers }) => {
    const response = await app.inject({
      method: 'POST',
      url: routes.paymentWebhook.path,
      headers,
      payload: body,
    });
    return { status: response.statusCode, body: response.body };
  };
  const deliver = (event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) =>
    fake.sendWebhook(webhook, event, { secret: WEBHOOK_SECRET, ...options });

  const paymentMethodOf = async (workspaceId: string) =>
    (
      await callAs(app, team.owner, 'GET', buildPath(routes.getPaymentMethod.path, { workspaceId }))
    ).json() as unknown;

  const checkoutOf = async (sessionId: string) =>
    (
      await callAs(
        app,
        team.owner,
        'GET',
        buildPath(routes.getCheckoutSession.path, {
          workspaceId: team.workspaceId,
          checkoutSessionId: sessionId,
        }),
      )
    ).json() as { status: string; serviceId: string | null; failureMessage: string | null };

  async function startCardCheckout(member = team.owner, workspaceId = team.workspaceId) {
    const response = await callAs(
      app,
      member,
      'POST',
      buildPath(routes.updatePaymentMethod.path, { workspaceId }),
    );
    expect(response.statusCode).toBe(200);
    return response.json() as { stripeCheckoutSessionId: string; checkoutUrl: string };
  }

  /** A card through Stripe Checkout and its signed completion event, as a workspace gets one. */
  async function addCard(t: Team, number: string) {
    const { stripeCheckoutSessionId } = await startCardCheckout(t.owner, t.workspaceId);
    const completion = fake.completeCheckout(stripeCheckoutSessionId, number);
    if (completion.status !== 'complete') throw new Error('the test card was declined');
    const [delivery] = await deliver(completion.event);
    expect(delivery?.status).toBe(200);
  }

  it('update-payment-method: Stripe Checkout, then the signed webhook, then the card shows; the redirect alone stores nothing', async () => {
    expect(await paymentMethodOf(team.workspaceId)).toBeNull();
    const { stripeCheckoutSessionId: sessionId, checkoutUrl } = await startCardCheckout();
    expect(sessionId).toMatch(/^cs_test_/);
    expect(checkoutUrl).toBe(`${fake.url}/c/pay/${sessionId}`);
    const [customer] = fake
      .objectsOf<Stripe.Customer>('customer')
      .filter((c) => c.metadata.workspaceId === team.workspaceId);
    expect(customer).toBeDefined();
    expect(fake.object<Stripe.Checkout.Session>(sessionId)).toMatchObject({
      mode: 'setup',
      customer: customer!.id,
      currency: 'usd',
      success_url: `${app.config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.config.publicUrl}/checkout/failure`,
      metadata: { workspaceId: team.workspaceId, purpose: 'update-payment-method' },
    });

    const completion = fake.completeCheckout(sessionId, {
      number: '4242 4242 4242 4242',
      expMonth: 8,
      expYear: 2030,
    });
    expect(completion.status).toBe('complete');
    if (completion.status !== 'complete') return;

    // Stripe sends the browser back: the SPA answers, and nothing is stored yet.
    const redirect = new URL(completion.redirectUrl);
    expect(redirect.searchParams.get('session_id')).toBe(sessionId);
    const back = await app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}` });
    expect(back.statusCode).toBe(200);
    expect(await paymentMethodOf(team.workspaceId)).toBeNull();
    expect(await checkoutOf(sessionId)).toMatchObject({ status: 'open' });

    const [delivery] = await deliver(completion.event);
    expect(delivery).toEqual({ status: 200, body: JSON.stringify({ received: true }) });
    expect(await paymentMethodOf(team.workspaceId)).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 8,
      exp_year: 2030,
    });
    expect(await checkoutOf(sessionId)).toMatchObject({ status: 'complete' });
  });

  it('a card declined on the Checkout page sends no event and changes nothing', async () => {
    const other = await createTestTeam(app, 'Declined at setup');
    const { stripeCheckoutSessionId: sessionId } = await startCardCheckout(
      other.owner,
      other.workspaceId,
    );
    const eventsBefore = fake.events.length;
    expect(fake.completeCheckout(sessionId, '4000 0000 0000 0002')).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect(fake.events).toHaveLength(eventsBefore);
    expect(fake.object<Stripe.Checkout.Session>(sessionId)?.status).toBe('open');
    const card = await callAs(
      app,
      other.owner,
      'GET',
      buildPath(routes.getPaymentMethod.path, { workspaceId: other.workspaceId }),
    );
    expect(card.json()).toBeNull();
  });

  it('a paid service bought through checkout appears exactly once: completion delivered five times, an expiry after it', async () => {
    const name = uniqueServiceName('stripe');
    const started = await callAs(
      app,
      team.owner,
      'POST',
      buildPath(routes.startCheckout.path, { workspaceId: team.workspaceId }),
      {
        purpose: 'create-service',
        service: {
          workspaceId: team.workspaceId,
          serviceName: name,
          region: 'eu-west-1.local',
          billingPlan: 'small',
        },
      },
    );
    expect(started.statusCode).toBe(200);
    const { stripeCheckoutSessionId: sessionId } = started.json() as {
      stripeCheckoutSessionId: string;
    };
    const completion = fake.completeCheckout(sessionId, 'pm_card_visa');
    if (completion.status !== 'complete') throw new Error('declined');
    const servicesNamed = () => app.db.select().from(service).where(eq(service.serviceName, name));
    expect(await servicesNamed()).toHaveLength(0);

    // Out of order: a stray expiry of the same session (as Stripe would have sent had it lapsed) arrives between
    // redeliveries of the completion; two of them at once.
    const expired = fake.buildEvent<Stripe.CheckoutSessionExpiredEvent>(
      'checkout.session.expired',
      { ...completion.session, status: 'expired', url: null },
    );
    const answers = [
      ...(await Promise.all([deliver(completion.event), deliver(completion.event)])).flat(),
      ...(await deliver(expired)),
      ...(await deliver(completion.event, {})),
      ...(await fake.sendWebhook(webhook, completion.event, {
        secret: WEBHOOK_SECRET,
        times: 2,
        delayMs: 10,
      })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const created = await servicesNamed();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ billingPlan: 'small', workspaceId: team.workspaceId });
    expect(await checkoutOf(sessionId)).toMatchObject({
      status: 'complete',
      serviceId: created[0]!.id,
    });
    const recorded = await app.db
      .select()
      .from(paymentEvent)
      .where(eq(paymentEvent.eventId, completion.event.id));
    expect(recorded).toHaveLength(1);
  });

  it('refuses a forged or stale signature with 400 and applies nothing', async () => {
    const other = await createTestTeam(app, 'Forged');
    const { stripeCheckoutSessionId: sessionId } = await startCardCheckout(
      other.owner,
      other.workspaceId,
    );
    const completion = fake.completeCheckout(sessionId, 'pm_card_mastercard');
    if (completion.status !== 'complete') throw new Error('declined');
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      ...(await deliver(completion.event, { secret: 'whsec_an_attacker_guess_000000000000' })),
      ...(await deliver(completion.event, { timestamp: now - 301 })),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('Webhook signature verification failed');
    }
    const card = async () =>
      (
        await callAs(
          app,
          other.owner,
          'GET',
          buildPath(routes.getPaymentMethod.path, { workspaceId: other.workspaceId }),
        )
      ).json() as unknown;
    expect(await card()).toBeNull();
    // The genuine delivery still applies afterwards.
    expect((await deliver(completion.event))[0]?.status).toBe(200);
    expect(await card()).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  /** A Small, one-node service billed from now. */
  async function paidService(t: Team) {
    const { row } = await insertTestService(app, t.workspaceId, {
      billingPlan: 'small',
      provisioningPlan: 'small',
    });
    await openPlanPeriod(app.db, {
      serviceId: row.id,
      workspaceId: row.workspaceId,
      serviceName: row.serviceName,
      billingPlan: row.billingPlan,
      nodes: row.noOfNodes,
      at: new Date(),
    });
    return row;
  }

  it("upgrading with a card that attaches but cannot be charged (0341) answers 500 'Error updating subscription', the plan unchanged", async () => {
    const other = await createTestTeam(app, 'Failing card');
    await addCard(other, '4000000000000341');
    const row = await paidService(other);
    const invoicesBefore = fake.objectsOf<Stripe.Invoice>('invoice').length;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await callAs(
        app,
        other.owner,
        'PUT',
        buildPath(routes.upgradeServicePlan.path, { serviceId: row.id }),
        { billingPlan: 'medium' },
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        message: SERVICE_MESSAGES.errorUpdatingSubscription,
      });
    }
    const [after] = await app.db.select().from(service).where(eq(service.id, row.id));
    expect(after).toMatchObject({ billingPlan: 'small', noOfNodes: 1 });
    const open = await app.db
      .select()
      .from(servicePlanPeriod)
      .where(and(eq(servicePlanPeriod.serviceId, row.id), isNull(servicePlanPeriod.endedAt)));
    expect(open).toMatchObject([{ billingPlan: 'small' }]);
    // Stripe saw one invoice, one declined attempt, voided; the retry replayed the saved answers.
    const invoices = fake.objectsOf<Stripe.Invoice>('invoice').slice(invoicesBefore);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'void', attempt_count: 1, amount_paid: 0 });

    const resized = await callAs(
      app,
      other.owner,
      'PUT',
      buildPath(routes.resizeCluster.path, { serviceId: row.id }),
      { highAvailability: true },
    );
    expect(resized.statusCode).toBe(500);
    expect(resized.json()).toMatchObject({ message: SERVICE_MESSAGES.errorUpdatingSubscription });
    expect((await app.db.select().from(service).where(eq(service.id, row.id)))[0]).toMatchObject({
      noOfNodes: 1,
    });
  });

  it('an upgrade through checkout charges the new card once the event is applied; with 0341 it fails with the section 8 text', async () => {
    for (const [number, outcome] of [
      ['4242424242424242', 'complete'],
      ['4000000000000341', 'failed'],
    ] as const) {
      const other = await createTestTeam(app, `Upgrade through checkout ${outcome}`);
      const row = await paidService(other);
      const started = await callAs(
        app,
        other.owner,
        'POST',
        buildPath(routes.startCheckout.path, { workspaceId: other.workspaceId }),
        { purpose: 'upgrade-service-plan', serviceId: row.id, billingPlan: 'medium' },
      );
      expect(started.statusCode).toBe(200);
      const { stripeCheckoutSessionId: sessionId } = started.json() as {
        stripeCheckoutSessionId: string;
      };
      const completion = fake.completeCheckout(sessionId, number);
      if (completion.status !== 'complete') throw new Error('declined');
      const planOf = async () =>
        (await app.db.select().from(service).where(eq(service.id, row.id)))[0]?.billingPlan;
      expect(await planOf()).toBe('small');
      for (const delivery of await fake.sendWebhook(webhook, completion.event, {
        secret: WEBHOOK_SECRET,
        times: 3,
      })) {
        expect(delivery.status).toBe(200);
      }
      const checkout = (
        await callAs(
          app,
          other.owner,
          'GET',
          buildPath(routes.getCheckoutSession.path, {
            workspaceId: other.workspaceId,
            checkoutSessionId: sessionId,
          }),
        )
      ).json() as { status: string; failureMessage: string | null };
      const customerId = completion.session.customer as string;
      const invoices = fake
        .objectsOf<Stripe.Invoice>('invoice')
        .filter((invoice) => invoice.customer === customerId);
      expect(invoices).toHaveLength(1);
      if (outcome === 'complete') {
        expect(checkout).toMatchObject({ status: 'complete', failureMessage: null });
        expect(await planOf()).toBe('medium');
        expect(invoices[0]).toMatchObject({ status: 'paid', attempt_count: 1 });
        expect(invoices[0]!.amount_paid).toBeGreaterThan(0);
      } else {
        expect(checkout).toMatchObject({
          status: 'failed',
          failureMessage: SERVICE_MESSAGES.upgradePaymentProblem,
        });
        expect(await planOf()).toBe('small');
        expect(invoices[0]).toMatchObject({ status: 'void', attempt_count: 1 });
      }
    }
  });
});
