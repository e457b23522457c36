import { isUnbilledPlan, type PlanStretch } from '@herald/contract/billing/invoice-lines';
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { servicePlanPeriod } from '../../db/schema';
import { newSortableId } from '../../lib/sortable-id';
import { ensureSubscription } from './subscriptions.repository';

/** The catalogue's free tier (section 9 plan names: spec-1 = free). */
const FREE_BILLING_PLAN = 'free';

export type PlanPeriodRow = typeof servicePlanPeriod.$inferSelect;

export interface OpenPlanPeriodInput {
  serviceId: string;
  workspaceId: string;
  serviceName: string;
  billingPlan: string;
  nodes: number;
  at: Date;
}

/**
 * Starts billing a service at a plan and node count from `at`, closing any open period at the same instant, so
 * periods never overlap and never leave a gap. Call it in the transaction that creates the service or changes its
 * plan or size. A paid plan gives the workspace its billing subscription (User.subscriptions) from then on.
 */
export async function openPlanPeriod(db: Database, input: OpenPlanPeriodInput): Promise<void> {
  await closePlanPeriod(db, input.serviceId, input.at);
  if (input.billingPlan !== FREE_BILLING_PLAN && !isUnbilledPlan(input.billingPlan)) {
    await ensureSubscription(db, input.workspaceId, input.at);
  }
  await db.insert(servicePlanPeriod).values({
    id: newSortableId(),
    serviceId: input.serviceId,
    workspaceId: input.workspaceId,
    serviceName: input.serviceName,
    billingPlan: input.billingPlan,
    nodes: input.nodes,
    startedAt: input.at,
    endedAt: null,
  });
}

/** Stops billing a service at `at` (suspension, cancellation, removal); nothing happens if none is open. */
export async function closePlanPeriod(db: Database, serviceId: string, at: Date): Promise<void> {
  await db
    .update(servicePlanPeriod)
    .set({ endedAt: at })
    .where(and(eq(servicePlanPeriod.serviceId, serviceId), isNull(servicePlanPeriod.endedAt)));
}

/** Periods of the workspace (all workspaces when omitted) that overlap [from, to). */
export function listPlanPeriodsOverlapping(
  db: Database,
  range: { from: Date; to: Date; workspaceId?: string },
): Promise<PlanPeriodRow[]> {
  return db
    .select()
    .from(servicePlanPeriod)
    .where(
      and(
        range.workspaceId === undefined
          ? undefined
          : eq(servicePlanPeriod.workspaceId, range.workspaceId),
        lt(servicePlanPeriod.startedAt, range.to),
        or(isNull(servicePlanPeriod.endedAt), gt(servicePlanPeriod.endedAt, range.from)),
      ),
    )
    .orderBy(asc(servicePlanPeriod.serviceId), asc(servicePlanPeriod.startedAt));
}

/** Periods as the contract's plan stretches (unix seconds). */
export function toPlanStretch(row: PlanPeriodRow): PlanStretch {
  return {
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    billingPlan: row.billingPlan,
    nodes: row.nodes,
    start: Math.floor(row.startedAt.getTime() / 1000),
    end: row.endedAt === null ? null : Math.floor(row.endedAt.getTime() / 1000),
  };
}
