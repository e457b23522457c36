import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { servicePlanPeriod } from '../../db/schema';
import { newSortableId } from '../../lib/sortable-id';

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
 * plan or size.
 */
export async function openPlanPeriod(db: Database, input: OpenPlanPeriodInput): Promise<void> {
  await closePlanPeriod(db, input.serviceId, input.at);
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
