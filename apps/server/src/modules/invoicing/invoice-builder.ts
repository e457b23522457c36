import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  invoiceLinesForMonth,
  usageByPlan,
  usageWindowsForMonth,
  type InvoiceLinesResult,
  type PlanStretch,
  type PlanUsage,
} from '@herald/contract/billing/invoice-lines';
import type { InvoiceMonth } from '@herald/contract/billing/invoice-month';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { paymentCharge, workspace } from '../../db/schema';
import { catalogueOf } from '../service/catalogue';

/**
 * Reading what an invoice is made of: the workspaces' flags, the month's usage from the metrics store, and what
 * plan changes already charged at checkout. Pricing itself is the contract's (invoice-lines.ts).
 */

export type WorkspaceBillingRow = Pick<
  typeof workspace.$inferSelect,
  | 'id'
  | 'name'
  | 'paymentMethodExempted'
  | 'manuallyBilled'
  | 'creditCents'
  | 'creditCurrency'
  | 'billingProvider'
>;

const billingColumns = {
  id: workspace.id,
  name: workspace.name,
  paymentMethodExempted: workspace.paymentMethodExempted,
  manuallyBilled: workspace.manuallyBilled,
  creditCents: workspace.creditCents,
  creditCurrency: workspace.creditCurrency,
  billingProvider: workspace.billingProvider,
};

export function listWorkspaceBilling(
  db: Database,
  workspaceIds: readonly string[],
): Promise<WorkspaceBillingRow[]> {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .select(billingColumns)
    .from(workspace)
    .where(inArray(workspace.id, [...workspaceIds]));
}

/** The row locked for the rest of the transaction (its credit balance is about to change). */
export async function lockWorkspaceBilling(
  db: Database,
  workspaceId: string,
): Promise<WorkspaceBillingRow | undefined> {
  const [row] = await db
    .select(billingColumns)
    .from(workspace)
    .where(eq(workspace.id, workspaceId))
    .for('update');
  return row;
}

/**
 * Billed messages per service and plan, measured by the metrics store (database samples or Prometheus) over each
 * billed stretch of the month, up to `until` for a month in progress. A bucket counts in the window its start
 * falls in, so the month's total is exact; a plan change inside an hour that was already folded into an hour row
 * counts that hour's messages on the plan the hour started with (docs/decisions/024).
 */
export async function measureUsage(
  app: FastifyInstance,
  month: InvoiceMonth,
  stretches: readonly PlanStretch[],
  until?: number,
): Promise<PlanUsage[]> {
  const windows = usageWindowsForMonth({
    month,
    stretches,
    ...(until !== undefined && { until }),
  });
  const measured = await Promise.all(
    windows.map(async (window) => {
      const answer = await app.metricsStore.answer({
        serviceId: window.serviceId,
        serviceName: window.serviceName,
        metric: 'billed_messages_total',
        queryType: 'sum',
        from: window.from,
        to: window.to,
        step: 3600,
      });
      const billedMessages = typeof answer === 'number' ? Math.round(answer) : 0;
      return { serviceId: window.serviceId, billingPlan: window.billingPlan, billedMessages };
    }),
  );
  return usageByPlan(measured);
}

/** The lines of a month for the stretches, priced from the catalogue. */
export async function linesForMonth(
  app: FastifyInstance,
  month: InvoiceMonth,
  stretches: readonly PlanStretch[],
  until?: number,
): Promise<InvoiceLinesResult> {
  const usage = await measureUsage(app, month, stretches, until);
  return invoiceLinesForMonth({ month, stretches, plans: catalogueOf(app).tiers, usage });
}

/** What the month's plan changes already charged at checkout (the payments area's `payment_charge`), in cents. */
export async function prepaidInMonth(
  db: Database,
  workspaceId: string,
  range: { from: Date; to: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${paymentCharge.amountCents})` })
    .from(paymentCharge)
    .where(
      and(
        eq(paymentCharge.workspaceId, workspaceId),
        eq(paymentCharge.status, 'paid'),
        gte(paymentCharge.createdAt, range.from),
        lt(paymentCharge.createdAt, range.to),
      ),
    );
  return Number(row?.total ?? 0);
}
