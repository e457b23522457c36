import type { FastifyInstance } from 'fastify';
import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type {
  ForecastEntry,
  Invoice,
  InvoiceSummaryPage,
} from '@herald/contract/billing/billing.schema';
import type { BillingAccount } from '@herald/contract/billing/checkout.schema';
import { INVOICE_SUMMARY_PAGE_SIZE } from '@herald/contract/billing/invoice-summary';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertTestService } from '../../testing/test-services';
import {
  addTestMember,
  callAs,
  createTestMember,
  createTestTeam,
  createTestWorkspace,
} from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { changeCredit } from './credit.repository';
import { insertInvoiceOnce } from './invoices.repository';
import { runInvoicing } from './invoicing-run';
import { seedPeriod, seedScrape, testClock } from './testing/billing-fixtures';
import { createRecordingPayments } from './testing/recording-payments';
import { ensureSubscription } from './subscriptions.repository';

const clock = testClock('2026-11-20T12:00:00Z');
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('the billing reads', () => {
  let app: FastifyInstance;
  useTestApp(
    (ready) => {
      app = ready.app;
    },
    { clock: clock.now },
  );

  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let serviceId: string;
  beforeAll(async () => {
    team = await createTestTeam(app, 'billing reads');
  });

  const account = async () =>
    (
      await callAs(
        app,
        team.admin,
        'GET',
        buildPath(routes.getBillingAccount.path, { workspaceId: team.workspaceId }),
      )
    ).json() as BillingAccount;

  it('has no subscription before anything paid, then one (also in User.subscriptions)', async () => {
    expect(await account()).toEqual({
      subscriptionId: null,
      billingProvider: null,
      paymentMethodExempted: false,
      manuallyBilled: false,
      currency: 'usd',
    });
    serviceId = (
      await insertTestService(app, team.workspaceId, { billingPlan: 'xsmall', label: 'Paid one' })
    ).row.id;
    await seedPeriod(app, {
      workspaceId: team.workspaceId,
      serviceId,
      serviceName: 'paid-one',
      billingPlan: 'xsmall',
      nodes: 1,
      from: '2026-11-01T00:00:00Z',
    });
    await seedPeriod(app, {
      workspaceId: team.workspaceId,
      serviceId: 'free-svc',
      serviceName: 'free-one',
      billingPlan: 'free',
      nodes: 1,
      from: '2026-11-01T00:00:00Z',
    });
    const { subscriptionId } = await account();
    expect(subscriptionId).toMatch(/^sub_[0-9A-Za-z]{24}$/);
    const user = (await callAs(app, team.user, 'GET', routes.getUser.path)).json() as {
      subscriptions: string[];
    };
    expect(user.subscriptions).toEqual([subscriptionId]);
  });

  it('forecasts this month per service: the whole month at the current plan and the usage so far', async () => {
    await seedScrape(app, serviceId, '2026-11-10T00:00:00Z', 2_000_000);
    // After "now": not counted yet.
    await seedScrape(app, serviceId, '2026-11-25T00:00:00Z', 3_000_000);
    const response = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.getInvoiceForecast.path, { workspaceId: team.workspaceId }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json() as ForecastEntry[]).toEqual([
      {
        serviceName: 'paid-one',
        // Named by its label, as every other screen names it (issue 25).
        label: 'Paid one',
        lineItems: [
          {
            entityType: 'service',
            chargeType: 'rate',
            price: { amount: 2900 },
            name: 'XSmall plan, 1 node, 1–30 Nov',
          },
          {
            entityType: 'service',
            chargeType: 'usage',
            price: { amount: 100 },
            name: '2 million messages, XSmall plan',
          },
        ],
      },
    ]);
  });

  it('lists the invoices of the subscription, shows the credit and the latest billed period', async () => {
    await app.db.transaction((tx) =>
      changeCredit(tx, {
        workspaceId: team.workspaceId,
        amountCents: 1000,
        kind: 'grant',
        actor: 'operator',
        at: clock.now(),
      }),
    );
    clock.set('2026-12-01T02:00:00Z');
    await runInvoicing(app, { payments: createRecordingPayments() });
    const { subscriptionId } = await account();
    const invoices = (
      await callAs(
        app,
        team.owner,
        'GET',
        buildPath(routes.listSubscriptionInvoices.path, {
          workspaceId: team.workspaceId,
          subscriptionId: subscriptionId!,
        }),
      )
    ).json() as Invoice[];
    // 2900 + 3,000,000 × 50 ¢/million (all of November's usage now) − 1000 credit.
    expect(invoices).toEqual([
      expect.objectContaining({
        status: 'open',
        currency: 'usd',
        total: 3050,
        amountDue: 2050,
        periodStart: seconds('2026-11-01T00:00:00Z'),
        periodEnd: seconds('2026-12-01T00:00:00Z'),
        created: seconds('2026-12-01T02:00:00Z'),
        hostedInvoiceUrl: null,
      }),
    ]);
    const credit = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.getWorkspaceCredit.path, { workspaceId: team.workspaceId }),
    );
    expect(credit.json()).toEqual({ amount: 0, currency: 'USD' });
    const period = await callAs(
      app,
      team.user,
      'GET',
      buildPath(routes.getBillingPeriod.path, { serviceId }),
    );
    expect(period.json()).toEqual({
      current: { start: seconds('2026-12-01T00:00:00Z'), end: seconds('2027-01-01T00:00:00Z') },
      latest: {
        start: seconds('2026-11-01T00:00:00Z'),
        end: seconds('2026-12-01T00:00:00Z'),
        amount: 3050,
      },
    });
  });

  it('pages the invoice summary with startAfter until there are no more', async () => {
    const { workspaceId } = await createTestTeam(app, 'many invoices');
    const subscriptionId = await ensureSubscription(app.db, workspaceId, clock.now());
    // 14 months, Sep 2025 to Oct 2026, each with one line.
    for (let index = 0; index < 14; index += 1) {
      const start = new Date(Date.UTC(2025, 8 + index, 1));
      const end = new Date(Date.UTC(2025, 9 + index, 1));
      await insertInvoiceOnce(
        app.db,
        {
          workspaceId,
          subscriptionId,
          number: `N-${index}`,
          periodStart: start,
          periodEnd: end,
          currency: 'usd',
          totalCents: 100 + index,
          prepaidCents: 0,
          creditAppliedCents: 0,
          amountDueCents: 100 + index,
          status: 'paid',
          collection: 'card',
          createdAt: end,
        },
        [
          {
            serviceId: 's',
            serviceName: 'alpha',
            entityType: 'service',
            chargeType: 'rate',
            billingPlan: 'xsmall',
            nodes: 1,
            quantity: null,
            periodStart: start.getTime() / 1000,
            periodEnd: end.getTime() / 1000,
            amount: 100 + index,
            name: 'XSmall plan, 1 node',
          },
        ],
      );
    }
    const member = await createTestMember(app);
    await addTestMember(app, workspaceId, member, 'Admin');
    const path = buildPath(routes.getInvoiceSummary.path, { workspaceId });
    const query = `startDate=${seconds('2025-01-01T00:00:00Z')}&endDate=${seconds('2026-12-01T00:00:00Z')}`;
    const pages: InvoiceSummaryPage[] = [];
    let cursor: string | null = null;
    do {
      const response = await callAs(
        app,
        member,
        'GET',
        `${path}?${query}${cursor ? `&startAfter=${cursor}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const page = response.json() as InvoiceSummaryPage;
      pages.push(page);
      cursor = page.metadata.startAfter;
    } while (pages[pages.length - 1]!.metadata.hasMoreInvoices);
    expect(pages.map((page) => page.invoices.length)).toEqual([INVOICE_SUMMARY_PAGE_SIZE, 2]);
    expect(pages.map((page) => page.metadata)).toEqual([
      { hasMoreInvoices: true, startAfter: pages[0]!.invoices[11]!.id },
      { hasMoreInvoices: false, startAfter: null },
    ]);
    const all = pages.flatMap((page) => page.invoices);
    expect(all.map((invoice) => invoice.periodStart)).toEqual(
      Array.from({ length: 14 }, (_, index) => Date.UTC(2025, 8 + index, 1) / 1000),
    );
    expect(all[0]!.lineItems).toEqual([
      {
        entityType: 'service',
        chargeType: 'rate',
        price: { amount: 100 },
        name: 'alpha: XSmall plan, 1 node',
      },
    ]);
    // A range holds only the months that start in it.
    const narrow = await callAs(
      app,
      member,
      'GET',
      `${path}?startDate=${seconds('2026-01-01T00:00:00Z')}&endDate=${seconds('2026-03-01T00:00:00Z')}`,
    );
    expect(
      (narrow.json() as InvoiceSummaryPage).invoices.map((invoice) => invoice.periodStart),
    ).toEqual([
      seconds('2026-01-01T00:00:00Z'),
      seconds('2026-02-01T00:00:00Z'),
      seconds('2026-03-01T00:00:00Z'),
    ]);
    const unknown = await callAs(app, member, 'GET', `${path}?${query}&startAfter=in_unknown`);
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 404 to members of another workspace, and for another workspace’s subscription', async () => {
    const outsider = await createTestMember(app);
    const otherWorkspace = await createTestWorkspace(app, outsider, 'other');
    const { subscriptionId } = await account();
    const workspaceId = team.workspaceId;
    for (const url of [
      buildPath(routes.getBillingAccount.path, { workspaceId }),
      buildPath(routes.getInvoiceForecast.path, { workspaceId }),
      `${buildPath(routes.getInvoiceSummary.path, { workspaceId })}?startDate=0&endDate=1`,
      buildPath(routes.listSubscriptionInvoices.path, {
        workspaceId,
        subscriptionId: subscriptionId!,
      }),
    ]) {
      expect((await callAs(app, outsider, 'GET', url)).statusCode, url).toBe(404);
    }
    const foreign = await callAs(
      app,
      outsider,
      'GET',
      buildPath(routes.listSubscriptionInvoices.path, {
        workspaceId: otherWorkspace,
        subscriptionId: subscriptionId!,
      }),
    );
    expect(foreign.statusCode).toBe(404);
    // A User (no manage-billing) is refused the billing reads.
    expect(
      (
        await callAs(
          app,
          team.user,
          'GET',
          buildPath(routes.getInvoiceForecast.path, { workspaceId }),
        )
      ).statusCode,
    ).toBe(403);
  });
});
