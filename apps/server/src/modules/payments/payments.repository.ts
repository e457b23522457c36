import { and, eq, or } from 'drizzle-orm';
import { isCardExpired } from '@herald/contract/billing/card-expiry';
import type {
  CheckoutPurpose,
  CheckoutSessionStatus,
} from '@herald/contract/billing/checkout.schema';
import type { Database } from '../../db/database';
import {
  checkout,
  paymentCharge,
  paymentCustomer,
  paymentEvent,
  paymentMethod,
} from '../../db/schema';
import { newSortableId } from '../../lib/sortable-id';

export type PaymentMethodRow = typeof paymentMethod.$inferSelect;
export type CheckoutRow = typeof checkout.$inferSelect;

export async function findPaymentMethod(
  db: Database,
  workspaceId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethod)
    .where(eq(paymentMethod.workspaceId, workspaceId));
  return row;
}

/** A card on file that is not expired (section 5: expired after the end of its expiry month). */
export function isValidCard(
  card: PaymentMethodRow | undefined,
  now: Date,
): card is PaymentMethodRow {
  return (
    card !== undefined && !isCardExpired({ exp_month: card.expMonth, exp_year: card.expYear }, now)
  );
}

export async function hasValidPaymentMethod(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<boolean> {
  return isValidCard(await findPaymentMethod(db, workspaceId), now);
}

/** Stores or replaces the workspace's card. */
export async function savePaymentMethod(
  db: Database,
  values: typeof paymentMethod.$inferInsert,
): Promise<void> {
  const { workspaceId: _key, ...changes } = values;
  await db
    .insert(paymentMethod)
    .values(values)
    .onConflictDoUpdate({ target: paymentMethod.workspaceId, set: changes });
}

export async function findPaymentCustomer(
  db: Database,
  workspaceId: string,
  provider: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: paymentCustomer.customerId })
    .from(paymentCustomer)
    .where(
      and(eq(paymentCustomer.workspaceId, workspaceId), eq(paymentCustomer.provider, provider)),
    );
  return row?.customerId;
}

/** Records the workspace's customer; the first one recorded wins (returned). */
export async function savePaymentCustomer(
  db: Database,
  input: { workspaceId: string; provider: string; customerId: string; now: Date },
): Promise<string> {
  await db
    .insert(paymentCustomer)
    .values({ ...input, createdAt: input.now })
    .onConflictDoNothing();
  return (await findPaymentCustomer(db, input.workspaceId, input.provider)) ?? input.customerId;
}

export async function insertCheckout(
  db: Database,
  values: {
    workspaceId: string;
    purpose: CheckoutPurpose;
    provider: string;
    customerId: string;
    request: unknown;
    serviceId: string | null;
    createdBy: string;
    createdByEmail: string | null;
    ipAddress: string | null;
    now: Date;
  },
): Promise<CheckoutRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(checkout)
    .values({ id: newSortableId(now.getTime()), status: 'open', createdAt: now, ...rest })
    .returning();
  if (!row) throw new Error('checkout insert returned no row');
  return row;
}

export async function setCheckoutProviderSession(
  db: Database,
  checkoutId: string,
  providerSessionId: string,
): Promise<void> {
  await db.update(checkout).set({ providerSessionId }).where(eq(checkout.id, checkoutId));
}

/** A checkout of the workspace by the provider's session id (what /checkout/success knows) or by ours. */
export async function findCheckoutOfWorkspace(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkout)
    .where(
      and(
        eq(checkout.workspaceId, workspaceId),
        or(eq(checkout.providerSessionId, id), eq(checkout.id, id)),
      ),
    );
  return row;
}

/** The checkout a provider event is about: by the provider's session id, else by our id in its metadata. */
export async function findCheckoutForEvent(
  db: Database,
  provider: string,
  providerSessionId: string,
  checkoutId: string | undefined,
): Promise<CheckoutRow | undefined> {
  const [bySession] = await db
    .select()
    .from(checkout)
    .where(and(eq(checkout.provider, provider), eq(checkout.providerSessionId, providerSessionId)));
  if (bySession || !checkoutId) return bySession;
  const [byId] = await db
    .select()
    .from(checkout)
    .where(and(eq(checkout.provider, provider), eq(checkout.id, checkoutId)));
  return byId;
}

/** Moves an open checkout to its end state; false if it was no longer open (the state machine's guard). */
export async function closeCheckout(
  db: Database,
  checkoutId: string,
  change: {
    status: Exclude<CheckoutSessionStatus, 'open'>;
    serviceId?: string | null;
    failureMessage?: string | null;
    providerSessionId?: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(checkout)
    .set({
      status: change.status,
      completedAt: change.now,
      ...(change.serviceId !== undefined && { serviceId: change.serviceId }),
      ...(change.failureMessage !== undefined && { failureMessage: change.failureMessage }),
      ...(change.providerSessionId !== undefined && {
        providerSessionId: change.providerSessionId,
      }),
    })
    .where(and(eq(checkout.id, checkoutId), eq(checkout.status, 'open')))
    .returning({ id: checkout.id });
  return rows.length > 0;
}

/** Records a provider event as applied; false when it already was (then nothing else may happen). */
export async function recordPaymentEvent(
  db: Database,
  input: { provider: string; eventId: string; type: string; outcome: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvent)
    .values({
      provider: input.provider,
      eventId: input.eventId,
      type: input.type,
      outcome: input.outcome,
      receivedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvent.eventId });
  return rows.length > 0;
}

export async function isPaymentEventRecorded(
  db: Database,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const rows = await db
    .select({ eventId: paymentEvent.eventId })
    .from(paymentEvent)
    .where(and(eq(paymentEvent.provider, provider), eq(paymentEvent.eventId, eventId)));
  return rows.length > 0;
}

/** Records a plan-change charge's outcome once per idempotency key (a retry keeps the first record). */
export async function recordCharge(
  db: Database,
  values: Omit<typeof paymentCharge.$inferInsert, 'id' | 'createdAt'> & { now: Date },
): Promise<void> {
  const { now, ...rest } = values;
  await db
    .insert(paymentCharge)
    .values({ id: newSortableId(now.getTime()), createdAt: now, ...rest })
    .onConflictDoNothing({ target: paymentCharge.idempotencyKey });
}
