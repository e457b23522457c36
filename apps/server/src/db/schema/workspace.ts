import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { authUser } from './auth';

/**
 * A workspace (spec section 3 "Workspace", the UI's "organisation" / "team"). The id is a short random id
 * (docs/decisions/009-workspaces-and-members.md).
 */
export const workspace = pgTable('workspace', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  companyName: text('company_name'),
  /** Billing exemptions an operator sets (spec section 3); either lets paid services be created without a card. */
  paymentMethodExempted: boolean('payment_method_exempted').notNull().default(false),
  manuallyBilled: boolean('manually_billed').notNull().default(false),
  /** Available credit (spec section 3 "Credit"), in cents. */
  creditCents: integer('credit_cents').notNull().default(0),
  creditCurrency: text('credit_currency').notNull().default('USD'),
  /** A workspace gets one free trial (section 9); set when a free-trial service is created. */
  freeTrialUsed: boolean('free_trial_used').notNull().default(false),
  /** Section 4 account closure reason (docs/decisions/025): TRIAL_END and LIMIT_EXHAUSTED block new services. */
  closureReason: text('closure_reason'),
  /** `awsMarketplace` for a marketplace organisation (section 3 provider / billingProvider), else null (docs/decisions/026). */
  billingProvider: text('billing_provider'),
  /** Section 4 marketplace subscription status; set only for marketplace organisations. */
  awsMarketplaceSubscriptionStatus: text('aws_marketplace_subscription_status'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Membership: one row per workspace and member, with the member's role (spec section 6). */
export const workspaceMember = pgTable(
  'workspace_member',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['User', 'Admin', 'Owner'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.customerId] }),
    index('workspace_member_customer_id_idx').on(table.customerId),
  ],
);

/**
 * An invitation to a workspace, bound to the invited e-mail (lower case). Pending while none of accepted_at,
 * declined_at, revoked_at is set and expires_at is in the future; at most one pending per workspace and e-mail.
 */
export const workspaceInvite = pgTable(
  'workspace_invite',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['User', 'Admin'] }).notNull(),
    invitedBy: text('invited_by').references(() => authUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('workspace_invite_email_idx').on(table.email),
    uniqueIndex('workspace_invite_open_uq')
      .on(table.workspaceId, table.email)
      .where(
        sql`${table.acceptedAt} is null and ${table.declinedAt} is null and ${table.revokedAt} is null`,
      ),
  ],
);

/** The audit trail of a workspace: who changed what, when, from where. Actor fields survive the actor's deletion. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    actorCustomerId: text('actor_customer_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_event_workspace_at_idx').on(table.workspaceId, table.at, table.id)],
);
