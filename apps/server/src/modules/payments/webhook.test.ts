import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinPayments } from '../../adapters/payments/builtin/builtin-payments';
import {
  resolveBuiltinWebhookSecret,
  signatureHeader,
} from '../../adapters/payments/builtin/webhook-signature';
import { auditEvent, builtinPayEvent, paymentEvent, service } from '../../db/schema';
import { payPathOf } from '../../testing/test-payments';
import { stubProvisioner, uniqueServiceName } from '../../testing/test-services';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';

const WEBHOOK = '/v3/billing/webhook';
const CARD = { name: 'Ada Lovelace', number: '4242424242424242', expiry: '12/34', cvc: '123' };

describe('POST /v3/billing/webhook', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let secret: string;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'Webhook');
    secret = resolveBuiltinWebhookSecret(app.config);
  });

  const payments = () => app.payments as BuiltinPayments;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  const post = (payload: string, signature: string | undefined) =>
    app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== undefined && { 'stripe-signature': signature }),
      },
      payload,
    });

  /** A create-service checkout whose card was saved at the provider; its completion event is still queued. */
  async function completedButUndelivered(serviceName: string) {
    const started = await callAs(
      app,
      team.owner,
      'POST',
      buildPath(routes.startCheckout.path, { workspaceId: team.workspaceId }),
      {
        purpose: 'create-service',
        service: {
          workspaceId: team.workspaceId,
          serviceName,
          region: 'eu-west-1.local',
          billingPlan: 'small',
        },
      },
    );
    expect(started.statusCode).toBe(200);
    const { stripeCheckoutSessionId: sessionId, checkoutUrl } = started.json() as {
      stripeCheckoutSessionId: string;
      checkoutUrl: string;
    };
    const result = await payments().submitCard(sessionId, CARD);
    expect(result.kind).toBe('complete');
    const [event] = await app.db
      .select()
      .from(builtinPayEvent)
      .where(
        and(
          isNull(builtinPayEvent.deliveredAt),
          eq(builtinPayEvent.type, 'checkout.session.completed'),
        ),
      );
    expect(event).toBeDefined();
    return { sessionId, payPath: payPathOf(checkoutUrl), event: event! };
  }

  const servicesNamed = (name: string) =>
    app.db.select().from(service).where(eq(service.serviceName, name));

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

  it('activates nothing on the redirect alone; the signed event creates exactly one service, however often and in whatever order it comes', async () => {
    const name = uniqueServiceName('paid');
    const { sessionId, event } = await completedButUndelivered(name);

    // The browser comes back to the success URL: that is the SPA, and nothing is applied.
    const success = await app.inject({
      method: 'GET',
      url: `/checkout/success?session_id=${sessionId}`,
    });
    expect(success.statusCode).toBe(200);
    expect(await servicesNamed(name)).toHaveLength(0);
    expect(await checkoutOf(sessionId)).toMatchObject({ status: 'open', serviceId: null });

    // An expired event for the same session, delivered late and out of order after the completion.
    const expired = JSON.parse(event.payload) as Record<string, unknown> & {
      data: { object: Record<string, unknown> };
    };
    const expiredPayload = JSON.stringify({
      ...expired,
      id: `${event.id}x`,
      type: 'checkout.session.expired',
      created: (expired.created as number) + 60,
      data: { object: { ...expired.data.object, status: 'expired' } },
    });

    // Five deliveries of the completion, two at once, then the stray expiry, then the completion again.
    const sign = (payload: string) => signatureHeader(secret, payload, nowSeconds());
    const answers = await Promise.all([
      post(event.payload, sign(event.payload)),
      post(event.payload, sign(event.payload)),
    ]);
    for (let round = 0; round < 3; round += 1) {
      answers.push(await post(event.payload, sign(event.payload)));
    }
    answers.push(await post(expiredPayload, sign(expiredPayload)));
    answers.push(await post(event.payload, sign(event.payload)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true });
    }

    const created = await servicesNamed(name);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ billingPlan: 'small', workspaceId: team.workspaceId });
    expect(await checkoutOf(sessionId)).toMatchObject({
      status: 'complete',
      serviceId: created[0]!.id,
      failureMessage: null,
    });
    const recorded = await app.db
      .select()
      .from(paymentEvent)
      .where(eq(paymentEvent.eventId, event.id));
    expect(recorded).toHaveLength(1);
    const audits = await app.db
      .select()
      .from(auditEvent)
      .where(
        and(eq(auditEvent.workspaceId, team.workspaceId), eq(auditEvent.action, 'service.created')),
      );
    expect(audits.filter((row) => row.target === name)).toHaveLength(1);

    // The built-in checkout's own delivery later finds it applied: still one service.
    await app.builtinCheckoutSweep?.();
    expect(await servicesNamed(name)).toHaveLength(1);
  });

  it('refuses a forged, stale, future or missing signature with 400 in the error envelope, applying nothing', async () => {
    const name = uniqueServiceName('forged');
    const { sessionId, event } = await completedButUndelivered(name);
    const attempts = [
      signatureHeader('whsec_not-the-secret-0123456789abcdefghij', event.payload, nowSeconds()),
      signatureHeader(secret, event.payload, nowSeconds() - 301),
      // Future-dated beyond the tolerance (a second of margin for the clock ticking between here and the server).
      signatureHeader(secret, event.payload, nowSeconds() + 305),
      signatureHeader(secret, `${event.payload} `, nowSeconds()),
      `t=${nowSeconds()}`,
      'garbage',
      undefined,
    ];
    for (const signature of attempts) {
      const response = await post(event.payload, signature);
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('Webhook signature verification failed'),
        requestId: expect.any(String),
      });
    }
    // A body changed after signing does not verify either.
    const tampered = event.payload.replace(sessionId, sessionId.replace(/.$/, 'Z'));
    expect(
      (await post(tampered, signatureHeader(secret, event.payload, nowSeconds()))).statusCode,
    ).toBe(400);
    expect(await servicesNamed(name)).toHaveLength(0);
    expect(await checkoutOf(sessionId)).toMatchObject({ status: 'open' });
    // Within the tolerance (300 s) it verifies.
    const ok = await post(
      event.payload,
      signatureHeader(secret, event.payload, nowSeconds() - 299),
    );
    expect(ok.statusCode).toBe(200);
    expect(await servicesNamed(name)).toHaveLength(1);
  });

  it('is not refused by the origin check or the JSON rules: a webhook has no cookie and no Origin', async () => {
    const payload = JSON.stringify({
      id: 'evt_unrelated_1',
      object: 'event',
      type: 'customer.created',
      created: nowSeconds(),
      data: { object: { id: 'cus_x' } },
    });
    const response = await post(payload, signatureHeader(secret, payload, nowSeconds()));
    expect(response.statusCode).toBe(200);
    const [row] = await app.db
      .select()
      .from(paymentEvent)
      .where(eq(paymentEvent.eventId, 'evt_unrelated_1'));
    expect(row).toMatchObject({ type: 'customer.created', outcome: 'ignored' });
  });

  it('marks a create-service checkout failed when the name was taken meanwhile, keeping the card', async () => {
    const name = uniqueServiceName('taken');
    const { sessionId, payPath } = await completedButUndelivered(name).then(async (done) => {
      // Someone takes the name (free plan) before the completion is delivered.
      const free = await callAs(app, team.owner, 'POST', routes.createService.path, {
        workspaceId: team.workspaceId,
        serviceName: name,
        region: 'eu-west-1.local',
        billingPlan: 'free',
      });
      expect(free.statusCode).toBe(201);
      return done;
    });
    await app.builtinCheckoutSweep?.();
    expect(await checkoutOf(sessionId)).toMatchObject({
      status: 'failed',
      serviceId: null,
      failureMessage: expect.stringContaining('taken'),
    });
    expect(await servicesNamed(name)).toHaveLength(1);
    const card = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.getPaymentMethod.path, { workspaceId: team.workspaceId }),
    );
    expect(card.json()).toMatchObject({ last4: '4242' });
    expect(payPath).toContain(sessionId);
  });
});
