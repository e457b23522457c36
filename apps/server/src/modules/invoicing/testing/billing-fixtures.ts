import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { invoice, invoiceLine, paymentMethod, workspace } from '../../../db/schema';
import { closePlanPeriod, openPlanPeriod } from '../plan-periods.repository';

/** A movable clock for test apps: `clock.set(iso)`, passed as `{ clock: clock.now }`. */
export function testClock(startIso: string) {
  let current = new Date(startIso);
  return {
    now: () => new Date(current),
    set(iso: string) {
      current = new Date(iso);
    },
  };
}

export const at = (iso: string) => new Date(iso);

/** A plan stretch of a service, written through the plan-periods repository (as service changes do). */
export async function seedPeriod(
  app: FastifyInstance,
  input: {
    workspaceId: string;
    serviceId: string;
    serviceName: string;
    billingPlan: string;
    nodes: number;
    from: string;
    to?: string;
  },
): Promise<void> {
  await openPlanPeriod(app.db, {
    serviceId: input.serviceId,
    workspaceId: input.workspaceId,
    serviceName: input.serviceName,
    billingPlan: input.billingPlan,
    nodes: input.nodes,
    at: at(input.from),
  });
  if (input.to) await closePlanPeriod(app.db, input.serviceId, at(input.to));
}

/**
 * A runtime's counter reading through the metrics store's own write path (what the scraper does): the increase
 * since the previous reading of the same runtime lands in the minute of `iso`.
 */
export async function seedScrape(
  app: FastifyInstance,
  serviceId: string,
  iso: string,
  billedMessages: number,
): Promise<void> {
  await app.metricsStore.recordScrape!(
    serviceId,
    {
      startedAt: Date.UTC(2026, 0, 1) / 1000,
      billedMessages,
      messagesIn: billedMessages,
      adapterBilledMessages: 0,
      bytes: 0,
      sessions: 0,
      topics: 0,
    },
    at(iso),
  );
}

export async function seedCard(
  app: FastifyInstance,
  workspaceId: string,
  provider: string = 'builtin',
): Promise<void> {
  await app.db.insert(paymentMethod).values({
    workspaceId,
    provider,
    customerId: `cus_${workspaceId}`,
    providerPaymentMethodId: `pm_${workspaceId}`,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
    updatedAt: at('2026-10-01T00:00:00Z'),
  });
}

/** Everything the run wrote for a workspace: its invoices with their lines, and its credit. */
export async function billingState(app: FastifyInstance, workspaceId: string) {
  const invoices = await app.db
    .select()
    .from(invoice)
    .where(eq(invoice.workspaceId, workspaceId))
    .orderBy(asc(invoice.periodStart));
  const lines = await app.db
    .select()
    .from(invoiceLine)
    .innerJoin(invoice, eq(invoice.id, invoiceLine.invoiceId))
    .where(eq(invoice.workspaceId, workspaceId))
    .orderBy(asc(invoice.periodStart), asc(invoiceLine.position));
  const [balance] = await app.db
    .select({ creditCents: workspace.creditCents })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  return {
    invoices,
    lines: lines.map((row) => row.invoice_line),
    creditCents: balance?.creditCents,
  };
}
