import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * What a service was billed as, and when (issue 13): one row per stretch of time at one plan and node count. A new
 * service opens a period; a plan change or resize closes the open one and opens another; suspension, cancellation
 * and removal close it. The invoicing run prices these periods, so they outlive the service (no foreign key, as the
 * usage history: docs/decisions/022).
 */
export const servicePlanPeriod = pgTable(
  'service_plan_period',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id').notNull(),
    workspaceId: text('workspace_id').notNull(),
    serviceName: text('service_name').notNull(),
    /** The tier's billing plan (`freeTrial` while in a free trial: not charged). */
    billingPlan: text('billing_plan').notNull(),
    nodes: integer('nodes').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null while open. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('service_plan_period_workspace_idx').on(table.workspaceId, table.startedAt),
    // At most one open period per service.
    uniqueIndex('service_plan_period_open_uq')
      .on(table.serviceId)
      .where(sql`${table.endedAt} is null`),
  ],
);
