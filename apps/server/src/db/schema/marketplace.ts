import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { workspace } from './workspace';

/**
 * The cloud marketplace (issue 13, docs/decisions/026). `workspace.billing_provider` and
 * `workspace.aws_marketplace_subscription_status` (schema/workspace.ts) carry what the Workspace wire shows; these
 * tables hold the link to the marketplace customer and the hourly metering.
 */

/** The marketplace customer behind a marketplace organisation: one customer, one organisation. */
export const marketplaceCustomer = pgTable(
  'marketplace_customer',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    customerIdentifier: text('customer_identifier').notNull(),
    productCode: text('product_code').notNull(),
    customerAwsAccountId: text('customer_aws_account_id'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    /** The last entitlement check (AWS adapter), so a restarted server re-checks on time. */
    statusCheckedAt: timestamp('status_checked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('marketplace_customer_identifier_uq').on(table.customerIdentifier)],
);

/**
 * One metered hour of one customer and dimension: written (pending, with its quantity frozen) before it is sent, and
 * settled in the transaction that stores the marketplace's answer. The unique key makes each hour metered once; a
 * crash between sending and settling re-sends the same record, which the marketplace answers DuplicateRecord.
 */
export const marketplaceUsageReport = pgTable(
  'marketplace_usage_report',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    customerIdentifier: text('customer_identifier').notNull(),
    dimension: text('dimension').notNull(),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** pending: to send; sent: accepted (Success or DuplicateRecord); refused: CustomerNotSubscribed; missed: too old. */
    state: text('state', { enum: ['pending', 'sent', 'refused', 'missed'] }).notNull(),
    resultStatus: text('result_status'),
    meteringRecordId: text('metering_record_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('marketplace_usage_report_hour_uq').on(
      table.customerIdentifier,
      table.hourStart,
      table.dimension,
    ),
    index('marketplace_usage_report_state_idx').on(table.state),
  ],
);

/**
 * The local marketplace simulator (the embedded default): the marketplace's side of things, kept apart from ours.
 * Its customers and their subscription status.
 */
export const marketplaceSimCustomer = pgTable('marketplace_sim_customer', {
  customerIdentifier: text('customer_identifier').primaryKey(),
  productCode: text('product_code').notNull(),
  customerAwsAccountId: text('customer_aws_account_id').notNull(),
  status: text('status').notNull(),
  /** Who the operator subscribed (a note only). */
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The simulator's registration tokens, stored as SHA-256 hashes (a token is a bearer secret). */
export const marketplaceSimToken = pgTable('marketplace_sim_token', {
  tokenHash: text('token_hash').primaryKey(),
  customerIdentifier: text('customer_identifier')
    .notNull()
    .references(() => marketplaceSimCustomer.customerIdentifier, { onDelete: 'cascade' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Usage the simulator accepted, one record per customer, dimension and hour (the marketplace's deduplication). */
export const marketplaceSimUsage = pgTable(
  'marketplace_sim_usage',
  {
    customerIdentifier: text('customer_identifier').notNull(),
    dimension: text('dimension').notNull(),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    meteringRecordId: text('metering_record_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerIdentifier, table.dimension, table.hourStart] }),
  ],
);
