import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { workspace } from './workspace';

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

/**
 * A workspace's billing subscription (issue 13): the id GET .../subscription/{subscriptionId}/invoices takes and
 * User.subscriptions lists. One per workspace, created when the workspace is first invoiced or first runs a paid
 * plan (docs/decisions/024).
 */
export const billingSubscription = pgTable('billing_subscription', {
  /** `sub_…`. */
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id')
    .notNull()
    .unique('billing_subscription_workspace_uq')
    .references(() => workspace.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A monthly invoice (issue 13 "An invoicing run that produces monthly invoices"). Unique per workspace and month,
 * so the run is idempotent: a second run of a month inserts nothing. `open` until paid (or settled by the operator
 * when the workspace is exempt or manually billed); `chargeAttemptedAt` null means the card was never asked, which
 * the next run does (with the invoice id as idempotency key, so a crash never charges twice).
 */
export const invoice = pgTable(
  'invoice',
  {
    /** `in_…`. */
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    number: text('number').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** The lines' sum, in cents. */
    totalCents: integer('total_cents').notNull(),
    /** The month's plan-change charges already paid at checkout (payment_charge), counted against the total. */
    prepaidCents: integer('prepaid_cents').notNull(),
    creditAppliedCents: integer('credit_applied_cents').notNull(),
    /** What is left to pay after credit. */
    amountDueCents: integer('amount_due_cents').notNull(),
    status: text('status', { enum: ['open', 'paid', 'void', 'uncollectible'] }).notNull(),
    /** How it is settled: the card, or by the operator (exempt / manually billed). */
    collection: text('collection', { enum: ['card', 'operator'] }).notNull(),
    chargeAttemptedAt: timestamp('charge_attempted_at', { withTimezone: true }),
    /** Charges asked of the provider so far; the idempotency key of a retry after a failure carries it. */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /** Why the last charge failed (the provider's message); null otherwise. */
    failureMessage: text('failure_message'),
    providerInvoiceId: text('provider_invoice_id'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('invoice_workspace_period_uq').on(table.workspaceId, table.periodStart),
    index('invoice_collect_idx')
      .on(table.status)
      .where(sql`${table.status} = 'open' and ${table.chargeAttemptedAt} is null`),
  ],
);

/** One charged line of an invoice (contract invoice-lines.ts); service ids and names are kept as billed. */
export const invoiceLine = pgTable(
  'invoice_line',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceId: text('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    entityType: text('entity_type').notNull(),
    chargeType: text('charge_type', { enum: ['rate', 'usage'] }).notNull(),
    billingPlan: text('billing_plan').notNull(),
    nodes: integer('nodes'),
    /** Billed messages of a usage line. */
    quantity: bigint('quantity', { mode: 'number' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    uniqueIndex('invoice_line_position_uq').on(table.invoiceId, table.position),
    // A service's latest billed period (GET /v3/service/{id}/billingPeriod).
    index('invoice_line_service_idx').on(table.serviceId),
  ],
);

/**
 * Every change of a workspace's credit (spec section 3 "Credit"): grants (positive, by the operator) and
 * applications to invoices (negative, at most one per invoice). workspace.credit_cents is the balance, changed in
 * the same transaction as the row that explains it.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** grant: the operator's; invoice: applied to an invoice; prepayment: checkout charges beyond an invoice. */
    kind: text('kind', { enum: ['grant', 'invoice', 'prepayment'] }).notNull(),
    invoiceId: text('invoice_id'),
    reason: text('reason'),
    actor: text('actor').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('credit_ledger_workspace_idx').on(table.workspaceId, table.at),
    uniqueIndex('credit_ledger_invoice_uq')
      .on(table.invoiceId, table.kind)
      .where(sql`${table.invoiceId} is not null`),
  ],
);

/** Progress of the invoicing run per month (`2026-11`): invoices are built once a month is done. */
export const invoiceRun = pgTable('invoice_run', {
  month: text('month').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** Null while workspaces of the month are still to invoice (a crash leaves it null; the next run resumes). */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  invoicesCreated: integer('invoices_created').notNull().default(0),
});
