import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { workspace } from './workspace';

/**
 * Payments (issue 13, docs/decisions/023). Two groups: what Herald Cloud knows of a workspace's payments, whatever
 * the provider (customer, card, checkouts, applied provider events, plan-change charges), and the built-in checkout's
 * own state (`builtin_pay_*`), which plays the provider's part when PAYMENTS_PROVIDER is builtin.
 */

/** The provider's customer of a workspace: created once per workspace and provider. */
export const paymentCustomer = pgTable(
  'payment_customer',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.provider] })],
);

/** The workspace's card (spec section 3 "Payment method"): one per workspace, replaced by each completed checkout. */
export const paymentMethod = pgTable('payment_method', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspace.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  /** The provider's payment method id (`pm_...`). */
  providerPaymentMethodId: text('provider_payment_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A checkout we started: what it pays for (`purpose`, `request`) and where it stands (open → complete | expired |
 * failed). It moves only when the provider's verified event is applied, never on the browser's redirect.
 */
export const checkout = pgTable(
  'checkout',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    /** The provider's session id (`cs_...`); set right after the session is created. */
    providerSessionId: text('provider_session_id'),
    /** The pending change (the start-checkout body), validated again when it is applied. */
    request: jsonb('request').notNull(),
    serviceId: text('service_id'),
    failureMessage: text('failure_message'),
    createdBy: text('created_by').notNull(),
    createdByEmail: text('created_by_email'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('checkout_provider_session_uq').on(table.provider, table.providerSessionId),
    index('checkout_workspace_idx').on(table.workspaceId, table.createdAt),
  ],
);

/** Provider events already applied: inserted in the transaction of the event's effect, so each applies once. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** What applying it did (`complete`, `expire`, `ignored: ...`), for the operator. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * A charge made for a plan change (the prorated rest of the month): the invoicing run counts these as paid. The
 * idempotency key is the provider's too, so a retried change never charges twice.
 */
export const paymentCharge = pgTable(
  'payment_charge',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    serviceId: text('service_id').notNull(),
    purpose: text('purpose').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_charge_idempotency_uq').on(table.idempotencyKey),
    index('payment_charge_workspace_idx').on(table.workspaceId, table.createdAt),
  ],
);

// ---- The built-in checkout's own state (the provider's side, as Stripe keeps it) ----

export const builtinPayCustomer = pgTable(
  'builtin_pay_customer',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('builtin_pay_customer_idempotency_uq').on(table.idempotencyKey)],
);

/** A stored card: never its number, only the brand, last four, expiry and how its test number behaves. */
export const builtinPayMethod = pgTable('builtin_pay_method', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** `succeeds` or `charges-fail` (test-cards.ts). */
  outcome: text('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const builtinPaySession = pgTable(
  'builtin_pay_session',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    /** open → complete | expired (Stripe's checkout session statuses). */
    status: text('status').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    paymentMethodId: text('payment_method_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('builtin_pay_session_idempotency_uq').on(table.idempotencyKey),
    index('builtin_pay_session_open_idx').on(table.status, table.expiresAt),
  ],
);

export const builtinPayInvoice = pgTable(
  'builtin_pay_invoice',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    currency: text('currency').notNull(),
    amountCents: integer('amount_cents').notNull(),
    lines: jsonb('lines').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').notNull(),
    /** `paid`, or `open` when the payment failed (Stripe leaves a failed invoice open). */
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('builtin_pay_invoice_idempotency_uq').on(table.idempotencyKey)],
);

/**
 * The built-in checkout's events, written in the transaction of the change they report and delivered (signed, to
 * POST /v3/billing/webhook) until one delivery is answered 2xx: a crash between the change and the delivery only
 * delays it, as with Stripe's retries.
 */
export const builtinPayEvent = pgTable(
  'builtin_pay_event',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The exact JSON body that is signed and sent. */
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [index('builtin_pay_event_pending_idx').on(table.deliveredAt, table.createdAt)],
);
