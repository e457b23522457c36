import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { PLAN_CHANGE_MESSAGES } from '@herald/contract/billing/plan-change-rules';
import { auditSentence } from '@herald/contract/members/audit-sentence';
import type { AuditAction } from '@herald/contract/members/member.schema';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvent,
  builtinPayInvoice,
  paymentCharge,
  service,
  servicePlanPeriod,
  workspace,
} from '../../db/schema';
import { addTestCard, payPathOf, submitCardForm } from '../../testing/test-payments';
import { insertTestService, stubProvisioner, uniqueServiceName } from '../../testing/test-services';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { openPlanPeriod } from '../invoicing/plan-periods.repository';

type Team = Awaited<ReturnType<typeof createTestTeam>>;

describe('plan changes, checkout and payment methods', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(() => {
    stubProvisioner(app);
  });

  async function paidService(team: Team, overrides: Partial<typeof service.$inferInsert> = {}) {
    const { row } = await insertTestService(app, team.workspaceId, {
      billingPlan: 'small',
      provisioningPlan: 'small',
      ...overrides,
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

  const upgrade = (team: Team, serviceId: string, billingPlan: string) =>
    callAs(app, team.owner, 'PUT', buildPath(routes.upgradeServicePlan.path, { serviceId }), {
      billingPlan,
    });
  const resize = (team: Team, serviceId: string, highAvailability: boolean) =>
    callAs(app, team.owner, 'PUT', buildPath(routes.resizeCluster.path, { serviceId }), {
      highAvailability,
    });
  const rowOf = async (serviceId: string) =>
    (await app.db.select().from(service).where(eq(service.id, serviceId)))[0]!;
  const openPeriodOf = async (serviceId: string) =>
    app.db
      .select()
      .from(servicePlanPeriod)
      .where(and(eq(servicePlanPeriod.serviceId, serviceId), isNull(servicePlanPeriod.endedAt)));

  it('answers 402 with the payment-requirement message without a card, changing nothing', async () => {
    const team = await createTestTeam(app, 'No card');
    const row = await paidService(team);
    const response = await upgrade(team, row.id, 'medium');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message:
        'A payment method is required for the Medium plan. Add a card in Billing, or choose the Free plan or a free trial.',
    });
    expect((await resize(team, row.id, true)).statusCode).toBe(402);
    expect(await rowOf(row.id)).toMatchObject({ billingPlan: 'small', noOfNodes: 1 });
  });

  it('upgrades and resizes with a card on file: charged, a new plan period, audited, the runtime restarted on the new tier', async () => {
    const team = await createTestTeam(app, 'Upgrades');
    await addTestCard(app, team.owner, team.workspaceId);
    const row = await paidService(team);
    const response = await upgrade(team, row.id, 'medium');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      serviceId: row.id,
      billingPlan: 'medium',
      noOfNodes: 1,
    });
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ billingPlan: 'medium', provisioningPlan: 'medium' });
    expect(after.restartGeneration).toBe(row.restartGeneration + 1);
    expect(await openPeriodOf(row.id)).toMatchObject([{ billingPlan: 'medium', nodes: 1 }]);
    const [charge] = await app.db
      .select()
      .from(paymentCharge)
      .where(eq(paymentCharge.serviceId, row.id));
    expect(charge).toMatchObject({ status: 'paid', purpose: 'upgrade-service-plan' });
    expect(charge!.amountCents).toBeGreaterThan(0);
    const [invoice] = await app.db
      .select()
      .from(builtinPayInvoice)
      .where(eq(builtinPayInvoice.id, charge!.providerInvoiceId!));
    expect(invoice).toMatchObject({ status: 'paid', amountCents: charge!.amountCents });

    const resized = await resize(team, row.id, true);
    expect(resized.statusCode).toBe(200);
    expect(resized.json()).toMatchObject({ billingPlan: 'medium', noOfNodes: 3 });
    expect(await openPeriodOf(row.id)).toMatchObject([{ billingPlan: 'medium', nodes: 3 }]);
    // A resize keeps the tier: no restart.
    expect((await rowOf(row.id)).restartGeneration).toBe(after.restartGeneration);

    const audits = await app.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.workspaceId, team.workspaceId));
    expect(audits.map((audit) => audit.action)).toEqual(
      expect.arrayContaining([
        'billing.payment_method_updated',
        'service.plan_changed',
        'service.cluster_resized',
      ]),
    );
    const sentences = audits.map((audit) =>
      auditSentence({
        action: audit.action as AuditAction,
        target: audit.target,
        details: audit.details as Record<string, unknown>,
      }),
    );
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Set the payment card to visa ending in 4242',
        `Changed the plan of the service “${row.serviceName}” from Small to Medium`,
        `Turned high availability on for the service “${row.serviceName}” (3 nodes)`,
      ]),
    );
  });

  it('refuses plan changes the rules forbid with 400 naming the field', async () => {
    const team = await createTestTeam(app, 'Rules');
    await addTestCard(app, team.owner, team.workspaceId);
    const free = await paidService(team, { billingPlan: 'free', provisioningPlan: 'free' });
    const response = await upgrade(team, free.id, 'medium');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: PLAN_CHANGE_MESSAGES.freePlanCannotChange,
      issues: [{ path: 'body.billingPlan', message: PLAN_CHANGE_MESSAGES.freePlanCannotChange }],
    });
    const paid = await paidService(team);
    expect((await upgrade(team, paid.id, 'free')).json()).toMatchObject({
      message: PLAN_CHANGE_MESSAGES.noChangeToFree,
    });
    expect((await resize(team, paid.id, false)).json()).toMatchObject({
      issues: [{ path: 'body.highAvailability', message: PLAN_CHANGE_MESSAGES.sameSize(false) }],
    });
  });

  it('upgrades a free trial to a paid plan, ending the trial', async () => {
    const team = await createTestTeam(app, 'Trial');
    await addTestCard(app, team.owner, team.workspaceId);
    const trial = await paidService(team, {
      billingPlan: 'freeTrial',
      provisioningPlan: 'small',
      freeTrial: true,
    });
    const response = await upgrade(team, trial.id, 'small');
    expect(response.statusCode).toBe(200);
    expect(await rowOf(trial.id)).toMatchObject({ billingPlan: 'small', freeTrial: false });
    expect(await openPeriodOf(trial.id)).toMatchObject([{ billingPlan: 'small' }]);
  });

  it("answers 500 'Error updating subscription' when the charge fails (4000 0000 0000 0341), the plan unchanged and never charged twice", async () => {
    const team = await createTestTeam(app, 'Failing card');
    await addTestCard(app, team.owner, team.workspaceId, '4000000000000341');
    const row = await paidService(team);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await upgrade(team, row.id, 'medium');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        code: 'PAYMENT_FAILED',
        message: SERVICE_MESSAGES.errorUpdatingSubscription,
      });
    }
    expect(await rowOf(row.id)).toMatchObject({ billingPlan: 'small', noOfNodes: 1 });
    expect(await openPeriodOf(row.id)).toMatchObject([{ billingPlan: 'small' }]);
    const charges = await app.db
      .select()
      .from(paymentCharge)
      .where(eq(paymentCharge.serviceId, row.id));
    expect(charges).toMatchObject([{ status: 'failed' }]);
    const invoices = await app.db
      .select()
      .from(builtinPayInvoice)
      .where(eq(builtinPayInvoice.id, charges[0]!.providerInvoiceId!));
    expect(invoices).toMatchObject([{ status: 'open' }]);
    const resized = await resize(team, row.id, true);
    expect(resized.json()).toMatchObject({ message: 'Error updating subscription' });
  });

  it('lets an exempted workspace change plans without a card, charging nothing', async () => {
    const team = await createTestTeam(app, 'Exempted');
    await app.db
      .update(workspace)
      .set({ paymentMethodExempted: true })
      .where(eq(workspace.id, team.workspaceId));
    const row = await paidService(team);
    expect((await upgrade(team, row.id, 'large')).statusCode).toBe(200);
    const charges = await app.db
      .select()
      .from(paymentCharge)
      .where(eq(paymentCharge.serviceId, row.id));
    expect(charges).toHaveLength(0);
  });

  it('creates a paid service directly once a valid card is on file', async () => {
    const team = await createTestTeam(app, 'Paid create');
    const body = () => ({
      workspaceId: team.workspaceId,
      serviceName: uniqueServiceName('paid'),
      region: 'eu-west-1.local',
      billingPlan: 'medium',
    });
    expect(
      (await callAs(app, team.owner, 'POST', routes.createService.path, body())).statusCode,
    ).toBe(402);
    await addTestCard(app, team.owner, team.workspaceId);
    const created = await callAs(app, team.owner, 'POST', routes.createService.path, body());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ billingPlan: 'medium' });
  });

  it('checks a create-service checkout as the create call does before any session exists', async () => {
    const team = await createTestTeam(app, 'Checkout checks');
    const start = (who: Team['owner'], service: Record<string, unknown>) =>
      callAs(
        app,
        who,
        'POST',
        buildPath(routes.startCheckout.path, { workspaceId: team.workspaceId }),
        {
          purpose: 'create-service',
          service: {
            workspaceId: team.workspaceId,
            serviceName: uniqueServiceName('co'),
            region: 'eu-west-1.local',
            billingPlan: 'small',
            ...service,
          },
        },
      );
    const badRegion = await start(team.owner, { region: 'mars-1' });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json()).toMatchObject({
      issues: [{ path: 'body.service.region', message: 'Unknown region' }],
    });
    const taken = await paidService(team);
    expect((await start(team.owner, { serviceName: taken.serviceName })).statusCode).toBe(409);
    expect((await start(team.owner, { billingPlan: 'free' })).json()).toMatchObject({
      issues: [{ path: 'body.service.billingPlan' }],
    });
    expect((await start(team.user, {})).statusCode).toBe(403);
    expect((await start(team.admin, {})).statusCode).toBe(200);
  });

  it('upgrades through a checkout only when its signed completion is applied; a failing card fails the checkout with the section 8 text', async () => {
    const team = await createTestTeam(app, 'Upgrade checkout');
    const row = await paidService(team);
    const startUpgrade = async () => {
      const response = await callAs(
        app,
        team.owner,
        'POST',
        buildPath(routes.startCheckout.path, { workspaceId: team.workspaceId }),
        { purpose: 'upgrade-service-plan', serviceId: row.id, billingPlan: 'medium' },
      );
      expect(response.statusCode).toBe(200);
      return response.json() as { stripeCheckoutSessionId: string; checkoutUrl: string };
    };
    const statusOf = async (sessionId: string) =>
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
      ).json() as { status: string; serviceId: string; failureMessage: string | null };

    const failing = await startUpgrade();
    expect(await statusOf(failing.stripeCheckoutSessionId)).toMatchObject({ status: 'open' });
    const declinedLater = await submitCardForm(app, payPathOf(failing.checkoutUrl), {
      number: '4000000000000341',
    });
    expect(declinedLater.statusCode).toBe(303);
    expect(await statusOf(failing.stripeCheckoutSessionId)).toMatchObject({
      status: 'failed',
      serviceId: row.id,
      failureMessage: SERVICE_MESSAGES.upgradePaymentProblem,
    });
    expect(await rowOf(row.id)).toMatchObject({ billingPlan: 'small' });

    const good = await startUpgrade();
    const paid = await submitCardForm(app, payPathOf(good.checkoutUrl), {
      number: '5555555555554444',
    });
    expect(paid.statusCode).toBe(303);
    expect(await statusOf(good.stripeCheckoutSessionId)).toMatchObject({
      status: 'complete',
      failureMessage: null,
    });
    expect(await rowOf(row.id)).toMatchObject({ billingPlan: 'medium' });
    const card = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.getPaymentMethod.path, { workspaceId: team.workspaceId }),
    );
    expect(card.json()).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  it("answers a member of another workspace 404 on every payment route, and never shows another workspace's checkout", async () => {
    const team = await createTestTeam(app, 'Mine');
    const other = await createTestTeam(app, 'Theirs');
    const row = await paidService(team);
    const { checkoutUrl, stripeCheckoutSessionId } = (
      await callAs(
        app,
        team.owner,
        'POST',
        buildPath(routes.updatePaymentMethod.path, { workspaceId: team.workspaceId }),
      )
    ).json() as { checkoutUrl: string; stripeCheckoutSessionId: string };
    const ws = { workspaceId: team.workspaceId };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', buildPath(routes.getPaymentMethod.path, ws)],
      ['POST', buildPath(routes.updatePaymentMethod.path, ws)],
      [
        'POST',
        buildPath(routes.startCheckout.path, ws),
        { purpose: 'upgrade-service-plan', serviceId: row.id, billingPlan: 'medium' },
      ],
      [
        'GET',
        buildPath(routes.getCheckoutSession.path, {
          ...ws,
          checkoutSessionId: stripeCheckoutSessionId,
        }),
      ],
      [
        'PUT',
        buildPath(routes.upgradeServicePlan.path, { serviceId: row.id }),
        { billingPlan: 'medium' },
      ],
      [
        'PUT',
        buildPath(routes.resizeCluster.path, { serviceId: row.id }),
        { highAvailability: true },
      ],
    ];
    for (const [method, url, body] of calls) {
      const response = await callAs(app, other.owner, method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Their own workspace's path cannot reach our checkout or our service either.
    const theirs = { workspaceId: other.workspaceId };
    expect(
      (
        await callAs(
          app,
          other.owner,
          'GET',
          buildPath(routes.getCheckoutSession.path, {
            ...theirs,
            checkoutSessionId: stripeCheckoutSessionId,
          }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await callAs(app, other.owner, 'POST', buildPath(routes.startCheckout.path, theirs), {
          purpose: 'resize-cluster',
          serviceId: row.id,
          highAvailability: true,
        })
      ).statusCode,
    ).toBe(404);
    // The card page itself shows no workspace data and no digits beyond what was typed by its holder.
    const page = await app.inject({ method: 'GET', url: payPathOf(checkoutUrl) });
    expect(page.body).not.toContain(team.workspaceId);
    expect(page.body).not.toContain('Mine');
  });
});
