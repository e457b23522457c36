import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinPayments } from '../../adapters/payments/builtin/builtin-payments';
import { builtinPayInvoice, creditLedger, invoiceRun, workspace } from '../../db/schema';
import { savePaymentMethod } from '../payments/payments.repository';
import { createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { changeCredit } from './credit.repository';
import { runInvoicing } from './invoicing-run';
import {
  billingState,
  seedCard,
  seedPeriod,
  seedScrape,
  testClock,
} from './testing/billing-fixtures';
import { createRecordingPayments } from './testing/recording-payments';

const clock = testClock('2026-10-01T00:00:00Z');

/**
 * November 2026 (30 days) of one workspace: a plan change to a 3-node HA cluster, a free trial converted mid-month,
 * a Free service with heavy usage, a service cancelled on the 4th; usage recorded through the metrics store's own
 * write path, some of it just outside the month.
 */
async function seedNovember(app: FastifyInstance, workspaceId: string, prefix: string) {
  const id = (name: string) => `${prefix}-${name}`;
  await seedPeriod(app, {
    workspaceId,
    serviceId: id('alpha'),
    serviceName: 'alpha',
    billingPlan: 'xsmall',
    nodes: 1,
    from: '2026-10-10T00:00:00Z',
    to: '2026-11-16T00:00:00Z',
  });
  await seedPeriod(app, {
    workspaceId,
    serviceId: id('alpha'),
    serviceName: 'alpha',
    billingPlan: 'small',
    nodes: 3,
    from: '2026-11-16T00:00:00Z',
  });
  await seedPeriod(app, {
    workspaceId,
    serviceId: id('bravo'),
    serviceName: 'bravo',
    billingPlan: 'freeTrial',
    nodes: 1,
    from: '2026-10-20T00:00:00Z',
    to: '2026-11-11T00:00:00Z',
  });
  await seedPeriod(app, {
    workspaceId,
    serviceId: id('bravo'),
    serviceName: 'bravo',
    billingPlan: 'xsmall',
    nodes: 1,
    from: '2026-11-11T00:00:00Z',
  });
  await seedPeriod(app, {
    workspaceId,
    serviceId: id('charlie'),
    serviceName: 'charlie',
    billingPlan: 'free',
    nodes: 1,
    from: '2026-09-01T00:00:00Z',
  });
  await seedPeriod(app, {
    workspaceId,
    serviceId: id('delta'),
    serviceName: 'delta',
    billingPlan: 'small',
    nodes: 1,
    from: '2026-10-01T00:00:00Z',
    to: '2026-11-04T06:00:00Z',
  });

  // alpha: 1,000,000 in October (not November's), then 5,000,000 on XSmall and 7,000,000 on Small.
  await seedScrape(app, id('alpha'), '2026-10-31T23:59:00Z', 1_000_000);
  await seedScrape(app, id('alpha'), '2026-11-05T12:00:00Z', 6_000_000);
  await seedScrape(app, id('alpha'), '2026-11-20T08:30:00Z', 13_000_000);
  // ... and 250,000 counted in December's first minute.
  await seedScrape(app, id('alpha'), '2026-12-01T00:00:30Z', 13_250_000);
  // bravo: 3,000,000 during the trial (free), 1,234,567 after it.
  await seedScrape(app, id('bravo'), '2026-11-05T00:00:00Z', 3_000_000);
  await seedScrape(app, id('bravo'), '2026-11-20T00:00:00Z', 4_234_567);
  // charlie: 9,000,000 on the Free plan.
  await seedScrape(app, id('charlie'), '2026-11-15T00:00:00Z', 9_000_000);
}

const NOVEMBER_LINES = [
  ['alpha', 'rate', 'XSmall plan, 1 node, 1–15 Nov', 1450],
  ['alpha', 'rate', 'Small plan, 3 nodes, 16–30 Nov', 14850],
  // 5,000,000 × 50 ¢/million; 7,000,000 × 40 ¢/million.
  ['alpha', 'usage', '5 million messages, XSmall plan', 250],
  ['alpha', 'usage', '7 million messages, Small plan', 280],
  // 20 of 30 days: 1933.3 → 1934; 1,234,567 × 50 / 1e6 = 61.7 → 62.
  ['bravo', 'rate', 'XSmall plan, 1 node, 11–30 Nov', 1934],
  ['bravo', 'usage', '1.2 million messages, XSmall plan', 62],
  // 3.25 of 30 days: 1072.5 → 1073.
  ['delta', 'rate', 'Small plan, 1 node, 1–4 Nov', 1073],
] as const;
const NOVEMBER_TOTAL = 1450 + 14850 + 250 + 280 + 1934 + 62 + 1073;

describe('the invoicing run', () => {
  let app: FastifyInstance;
  useTestApp(
    (ready) => {
      app = ready.app;
    },
    { clock: clock.now },
  );

  let workspaceId: string;
  beforeAll(async () => {
    workspaceId = (await createTestTeam(app, 'invoiced')).workspaceId;
    await seedNovember(app, workspaceId, workspaceId);
    await seedCard(app, workspaceId);
  });

  it('turns a month of plan periods and usage samples into the exact expected invoice lines, and charges it once', async () => {
    const payments = createRecordingPayments();
    // November is not due before December 1st, 01:00 (the grace hour for the last scrapes).
    clock.set('2026-12-01T00:30:00Z');
    expect((await runInvoicing(app, { payments })).months).toEqual([]);

    clock.set('2026-12-01T02:00:00Z');
    const report = await runInvoicing(app, { payments });
    expect(report.months).toEqual(['2026-11']);
    expect(report.invoicesCreated).toBeGreaterThanOrEqual(1);

    const state = await billingState(app, workspaceId);
    expect(state.invoices).toHaveLength(1);
    const [row] = state.invoices;
    expect(
      state.lines.map((line) => [line.serviceName, line.chargeType, line.name, line.amountCents]),
    ).toEqual(NOVEMBER_LINES);
    expect(
      state.lines.filter((line) => line.chargeType === 'usage').map((line) => line.quantity),
    ).toEqual([5_000_000, 7_000_000, 1_234_567]);
    expect(row).toMatchObject({
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2026-12-01T00:00:00Z'),
      currency: 'usd',
      totalCents: NOVEMBER_TOTAL,
      prepaidCents: 0,
      creditAppliedCents: 0,
      amountDueCents: NOVEMBER_TOTAL,
      status: 'paid',
      hostedInvoiceUrl: 'https://pay.example/invoice/1',
    });

    const charges = payments.charges.filter(
      (charge) => charge.metadata.workspaceId === workspaceId,
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      customerId: `cus_${workspaceId}`,
      paymentMethodId: `pm_${workspaceId}`,
      currency: 'usd',
      idempotencyKey: row!.id,
    });
    expect(charges[0]!.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(NOVEMBER_TOTAL);
  });

  it('changes nothing when it runs again, for the months due or the month named', async () => {
    const before = await billingState(app, workspaceId);
    const payments = createRecordingPayments();
    clock.set('2026-12-01T03:00:00Z');
    const again = await runInvoicing(app, { payments });
    expect(again.months).toEqual([]);
    const named = await runInvoicing(app, { payments, month: { year: 2026, month: 11 } });
    expect(named.invoicesCreated).toBe(0);
    expect(payments.calls).toBe(0);
    expect(await billingState(app, workspaceId)).toEqual(before);
    const [run] = await app.db.select().from(invoiceRun).where(eq(invoiceRun.month, '2026-11'));
    expect(run?.finishedAt).not.toBeNull();
  });

  it('refuses a month that has not ended', async () => {
    await expect(runInvoicing(app, { month: { year: 2026, month: 12 } })).rejects.toThrow(
      '2026-12 has not ended yet',
    );
  });

  it('catches up the months a stopped server missed, each once', async () => {
    const payments = createRecordingPayments();
    clock.set('2027-03-01T02:00:00Z');
    const report = await runInvoicing(app, { payments });
    expect(report.months).toEqual(['2026-12', '2027-01', '2027-02']);
    const state = await billingState(app, workspaceId);
    expect(
      state.invoices.map((row) => [row.periodStart.toISOString().slice(0, 7), row.totalCents]),
    ).toEqual([
      ['2026-11', NOVEMBER_TOTAL],
      // alpha: Small on 3 nodes; bravo: XSmall on 1 node; December's first-minute usage of alpha.
      ['2026-12', 3 * 9900 + 2900 + 10],
      ['2027-01', 3 * 9900 + 2900],
      ['2027-02', 3 * 9900 + 2900],
    ]);
    expect((await runInvoicing(app, { payments })).months).toEqual([]);
  });
});

describe('the invoicing run after a crash, with credit, and for workspaces it does not charge', () => {
  const crashClock = testClock('2026-10-01T00:00:00Z');
  let app: FastifyInstance;
  useTestApp(
    (ready) => {
      app = ready.app;
    },
    { clock: crashClock.now },
  );

  it('charges once an invoice a crash left between insert and charge, even when the answer was lost', async () => {
    const { workspaceId } = await createTestTeam(app, 'crash');
    await seedPeriod(app, {
      workspaceId,
      serviceId: `${workspaceId}-s`,
      serviceName: 'solo',
      billingPlan: 'xsmall',
      nodes: 1,
      from: '2026-10-01T00:00:00Z',
    });
    await seedCard(app, workspaceId);
    crashClock.set('2026-11-01T05:00:00Z');

    // The process "dies" before charging: no payments port answers.
    const first = await runInvoicing(app, { payments: null });
    expect(first).toMatchObject({ months: ['2026-10'], paymentsUnavailable: true, charged: 0 });
    expect((await billingState(app, workspaceId)).invoices[0]).toMatchObject({
      status: 'open',
      chargeAttemptedAt: null,
      amountDueCents: 2900,
    });

    // Next run: the provider charges but its answer is lost on the way back ...
    const payments = createRecordingPayments();
    payments.loseNextAnswer = true;
    const second = await runInvoicing(app, { payments });
    expect(second).toMatchObject({ months: [], charged: 0, blocked: 1 });
    expect((await billingState(app, workspaceId)).invoices[0]?.status).toBe('open');

    // ... and the run after asks again with the same key: paid, charged once.
    const third = await runInvoicing(app, { payments });
    expect(third.charged).toBe(1);
    const [row] = (await billingState(app, workspaceId)).invoices;
    expect(row?.status).toBe('paid');
    expect(payments.calls).toBe(2);
    expect(payments.charges).toHaveLength(1);
    expect(payments.charges[0]?.idempotencyKey).toBe(row?.id);
    expect((await runInvoicing(app, { payments })).charged).toBe(0);
    expect(payments.calls).toBe(2);
  });

  it('applies credit larger than the invoice once, carries the rest, and records it in the ledger', async () => {
    const { workspaceId } = await createTestTeam(app, 'credit');
    await seedPeriod(app, {
      workspaceId,
      serviceId: `${workspaceId}-s`,
      serviceName: 'solo',
      billingPlan: 'small',
      nodes: 1,
      from: '2026-10-01T00:00:00Z',
    });
    await seedCard(app, workspaceId);
    await app.db.transaction((tx) =>
      changeCredit(tx, {
        workspaceId,
        amountCents: 12_000,
        kind: 'grant',
        actor: 'operator',
        at: new Date('2026-10-15T00:00:00Z'),
      }),
    );
    const payments = createRecordingPayments();
    await runInvoicing(app, { payments, month: { year: 2026, month: 10 } });
    await runInvoicing(app, { payments, month: { year: 2026, month: 10 } });
    const state = await billingState(app, workspaceId);
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({
      totalCents: 9900,
      creditAppliedCents: 9900,
      amountDueCents: 0,
      status: 'paid',
    });
    expect(state.creditCents).toBe(2100);
    const ledger = await app.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.workspaceId, workspaceId));
    expect(ledger.map((row) => [row.kind, row.amountCents, row.balanceAfterCents])).toEqual([
      ['grant', 12_000, 12_000],
      ['invoice', -9900, 2100],
    ]);
    expect(
      payments.charges.filter((charge) => charge.metadata.workspaceId === workspaceId),
    ).toEqual([]);
  });

  it('leaves invoices of exempt and manually billed workspaces open for the operator, and skips marketplace organisations', async () => {
    const exempt = (await createTestTeam(app, 'exempt')).workspaceId;
    const manual = (await createTestTeam(app, 'manual')).workspaceId;
    const marketplace = (await createTestTeam(app, 'marketplace')).workspaceId;
    await app.db
      .update(workspace)
      .set({ paymentMethodExempted: true })
      .where(eq(workspace.id, exempt));
    await app.db.update(workspace).set({ manuallyBilled: true }).where(eq(workspace.id, manual));
    await app.db
      .update(workspace)
      .set({ billingProvider: 'awsMarketplace' })
      .where(eq(workspace.id, marketplace));
    for (const workspaceId of [exempt, manual, marketplace]) {
      await seedPeriod(app, {
        workspaceId,
        serviceId: `${workspaceId}-s`,
        serviceName: 'solo',
        billingPlan: 'xsmall',
        nodes: 1,
        from: '2026-09-01T00:00:00Z',
      });
      await seedCard(app, workspaceId);
    }
    const payments = createRecordingPayments();
    await runInvoicing(app, { payments, month: { year: 2026, month: 9 } });
    for (const workspaceId of [exempt, manual]) {
      expect((await billingState(app, workspaceId)).invoices).toEqual([
        expect.objectContaining({ status: 'open', collection: 'operator', amountDueCents: 2900 }),
      ]);
    }
    expect((await billingState(app, marketplace)).invoices).toEqual([]);
    expect(payments.calls).toBe(0);
  });

  it('keeps a declined charge open with the reason, and waits for a card when there is none', async () => {
    const declined = (await createTestTeam(app, 'declined')).workspaceId;
    const cardless = (await createTestTeam(app, 'cardless')).workspaceId;
    for (const workspaceId of [declined, cardless]) {
      await seedPeriod(app, {
        workspaceId,
        serviceId: `${workspaceId}-s`,
        serviceName: 'solo',
        billingPlan: 'xsmall',
        nodes: 1,
        from: '2026-08-01T00:00:00Z',
      });
    }
    await seedCard(app, declined);
    const payments = createRecordingPayments();
    payments.declineNext = true;
    const report = await runInvoicing(app, { payments, month: { year: 2026, month: 8 } });
    expect(report).toMatchObject({ failed: 1, blocked: 1 });
    expect((await billingState(app, declined)).invoices[0]).toMatchObject({
      status: 'open',
      failureMessage: 'Your card was declined.',
      chargeAttempts: 1,
    });
    expect((await billingState(app, cardless)).invoices[0]).toMatchObject({
      status: 'open',
      chargeAttemptedAt: null,
      failureMessage: expect.stringContaining('No valid card on file'),
    });
    // A card arrives: the next run charges the waiting invoice.
    await seedCard(app, cardless);
    expect((await runInvoicing(app, { payments })).charged).toBe(1);
    expect((await billingState(app, cardless)).invoices[0]?.status).toBe('paid');
  });

  it('charges through the built-in checkout once, across a crash and re-runs', async () => {
    const { workspaceId } = await createTestTeam(app, 'builtin');
    const payments = app.payments as BuiltinPayments;
    expect(payments.kind).toBe('builtin');
    // A card stored the way the billing page stores one: a setup checkout completed with Stripe's test card.
    const { customerId } = await payments.createCustomer({
      workspaceId,
      email: null,
      name: 'builtin',
      idempotencyKey: `customer-${workspaceId}`,
    });
    const session = await payments.createCheckoutSession({
      customerId,
      successUrl: 'http://localhost/checkout/success',
      cancelUrl: 'http://localhost/checkout/failure',
      metadata: {},
      idempotencyKey: `session-${workspaceId}`,
    });
    expect(
      (
        await payments.submitCard(session.id, {
          name: 'Ada',
          number: '4242 4242 4242 4242',
          expiry: '12/40',
          cvc: '123',
        })
      ).kind,
    ).toBe('complete');
    const card = await payments.paymentMethodOfCheckout(session.id);
    await savePaymentMethod(app.db, {
      workspaceId,
      provider: 'builtin',
      customerId,
      providerPaymentMethodId: card!.paymentMethodId,
      brand: card!.brand,
      last4: card!.last4,
      expMonth: card!.expMonth,
      expYear: card!.expYear,
      updatedAt: crashClock.now(),
    });
    await seedPeriod(app, {
      workspaceId,
      serviceId: `${workspaceId}-s`,
      serviceName: 'solo',
      billingPlan: 'medium',
      nodes: 3,
      from: '2026-07-01T00:00:00Z',
    });

    await runInvoicing(app, { payments: null, month: { year: 2026, month: 7 } });
    for (let run = 0; run < 3; run += 1) {
      await runInvoicing(app, { month: { year: 2026, month: 7 } });
    }
    const [row] = (await billingState(app, workspaceId)).invoices;
    expect(row).toMatchObject({ status: 'paid', totalCents: 3 * 29_900 });
    const charged = await app.db
      .select()
      .from(builtinPayInvoice)
      .where(eq(builtinPayInvoice.customerId, customerId));
    expect(charged).toEqual([
      expect.objectContaining({
        id: row!.providerInvoiceId,
        amountCents: 89_700,
        status: 'paid',
        idempotencyKey: row!.id,
      }),
    ]);
  });
});
