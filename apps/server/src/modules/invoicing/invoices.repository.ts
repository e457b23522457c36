import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { InvoiceLineDraft } from '@herald/contract/billing/invoice-lines';
import type { Database } from '../../db/database';
import { invoice, invoiceLine } from '../../db/schema';
import { billingId } from './billing-ids';

export type InvoiceRow = typeof invoice.$inferSelect;
export type InvoiceLineRow = typeof invoiceLine.$inferSelect;
export type NewInvoice = Omit<typeof invoice.$inferInsert, 'id'>;

/**
 * Inserts the invoice and its lines unless the workspace already has one for that month (unique workspace and
 * period start: a re-run inserts nothing). Returns the new row, or null when it existed. Call it in the
 * transaction that applies its credit.
 */
export async function insertInvoiceOnce(
  db: Database,
  values: NewInvoice,
  lines: readonly InvoiceLineDraft[],
): Promise<InvoiceRow | null> {
  const [row] = await db
    .insert(invoice)
    .values({ ...values, id: billingId('in_') })
    .onConflictDoNothing({ target: [invoice.workspaceId, invoice.periodStart] })
    .returning();
  if (!row) return null;
  if (lines.length > 0) {
    await db.insert(invoiceLine).values(
      lines.map((line, position) => ({
        id: billingId('il_'),
        invoiceId: row.id,
        position,
        serviceId: line.serviceId,
        serviceName: line.serviceName,
        entityType: line.entityType,
        chargeType: line.chargeType,
        billingPlan: line.billingPlan,
        nodes: line.nodes,
        quantity: line.quantity,
        periodStart: new Date(line.periodStart * 1000),
        periodEnd: new Date(line.periodEnd * 1000),
        amountCents: line.amount,
        name: line.name,
      })),
    );
  }
  return row;
}

export async function findInvoiceOfMonth(
  db: Database,
  workspaceId: string,
  periodStart: Date,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoice)
    .where(and(eq(invoice.workspaceId, workspaceId), eq(invoice.periodStart, periodStart)));
  return row;
}

export async function findInvoiceOfWorkspace(
  db: Database,
  workspaceId: string,
  invoiceId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoice)
    .where(and(eq(invoice.workspaceId, workspaceId), eq(invoice.id, invoiceId)));
  return row;
}

/** The subscription's invoices, newest first (GET .../subscription/{id}/invoices). */
export function listInvoicesOfSubscription(
  db: Database,
  workspaceId: string,
  subscriptionId: string,
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoice)
    .where(and(eq(invoice.workspaceId, workspaceId), eq(invoice.subscriptionId, subscriptionId)))
    .orderBy(desc(invoice.periodStart));
}

/**
 * Up to `limit` invoices whose month starts in [from, to], oldest first, after the cursor's month (the invoice
 * summary's paging, contract invoice-summary.ts).
 */
export function listInvoicesInRange(
  db: Database,
  query: { workspaceId: string; from: Date; to: Date; after: Date | null; limit: number },
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoice)
    .where(
      and(
        eq(invoice.workspaceId, query.workspaceId),
        gte(invoice.periodStart, query.from),
        lte(invoice.periodStart, query.to),
        query.after === null ? undefined : gt(invoice.periodStart, query.after),
      ),
    )
    .orderBy(asc(invoice.periodStart))
    .limit(query.limit);
}

/** The lines of the invoices, in their order. */
export function listLinesOf(
  db: Database,
  invoiceIds: readonly string[],
): Promise<InvoiceLineRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoiceLine)
    .where(inArray(invoiceLine.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoiceLine.invoiceId), asc(invoiceLine.position));
}

/** Invoices the card has not been asked to pay yet (new ones, or ones a crash left between insert and charge). */
export function listInvoicesToCharge(db: Database): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoice)
    .where(
      and(
        eq(invoice.status, 'open'),
        eq(invoice.collection, 'card'),
        isNull(invoice.chargeAttemptedAt),
        gt(invoice.amountDueCents, 0),
      ),
    )
    .orderBy(asc(invoice.createdAt), asc(invoice.id));
}

export async function recordCharge(
  db: Database,
  invoiceId: string,
  outcome:
    | { status: 'paid'; providerInvoiceId: string; hostedInvoiceUrl: string | null }
    | { status: 'failed'; providerInvoiceId: string | null; message: string },
  at: Date,
): Promise<void> {
  await db
    .update(invoice)
    .set(
      outcome.status === 'paid'
        ? {
            status: 'paid',
            chargeAttemptedAt: at,
            chargeAttempts: sql`${invoice.chargeAttempts} + 1`,
            paidAt: at,
            failureMessage: null,
            providerInvoiceId: outcome.providerInvoiceId,
            hostedInvoiceUrl: outcome.hostedInvoiceUrl,
          }
        : {
            chargeAttemptedAt: at,
            chargeAttempts: sql`${invoice.chargeAttempts} + 1`,
            failureMessage: outcome.message,
            providerInvoiceId: outcome.providerInvoiceId,
          },
    )
    .where(and(eq(invoice.id, invoiceId), eq(invoice.status, 'open')));
}

/**
 * The service's part of the latest invoice that charged it (GET /v3/service/{id}/billingPeriod `latest`): the
 * invoice's month and the sum of the service's lines.
 */
export async function latestInvoicedPeriodOf(
  db: Database,
  serviceId: string,
): Promise<{ start: Date; end: Date; amount: number } | null> {
  const [row] = await db
    .select({
      start: invoice.periodStart,
      end: invoice.periodEnd,
      amount: sql<number>`sum(${invoiceLine.amountCents})::int`,
    })
    .from(invoiceLine)
    .innerJoin(invoice, eq(invoice.id, invoiceLine.invoiceId))
    .where(eq(invoiceLine.serviceId, serviceId))
    .groupBy(invoice.id, invoice.periodStart, invoice.periodEnd)
    .orderBy(desc(invoice.periodStart))
    .limit(1);
  return row ? { start: row.start, end: row.end, amount: Number(row.amount) } : null;
}

/** Why the card was not asked (no card, another provider's card), kept for the billing page; tried again later. */
export async function noteChargeBlocked(
  db: Database,
  invoiceId: string,
  message: string,
): Promise<void> {
  await db.update(invoice).set({ failureMessage: message }).where(eq(invoice.id, invoiceId));
}

/** The invoice is settled by the operator from now on (the workspace became exempt or manually billed). */
export async function handToOperator(db: Database, invoiceId: string): Promise<void> {
  await db
    .update(invoice)
    .set({ collection: 'operator' })
    .where(and(eq(invoice.id, invoiceId), eq(invoice.status, 'open')));
}

/**
 * Asks the next invoicing run to charge the workspace's open invoices whose charge failed (call it when a new card
 * is stored). The retry uses a new idempotency key (the provider would answer a used one with the old failure).
 */
export async function retryFailedCharges(db: Database, workspaceId: string): Promise<number> {
  const rows = await db
    .update(invoice)
    .set({ chargeAttemptedAt: null })
    .where(
      and(
        eq(invoice.workspaceId, workspaceId),
        eq(invoice.status, 'open'),
        eq(invoice.collection, 'card'),
      ),
    )
    .returning({ id: invoice.id });
  return rows.length;
}

/** The idempotency key of the next charge of an invoice: its id, then `{id}-retry-{n}` after failures. */
export function chargeIdempotencyKey(row: Pick<InvoiceRow, 'id' | 'chargeAttempts'>): string {
  return row.chargeAttempts === 0 ? row.id : `${row.id}-retry-${row.chargeAttempts}`;
}

/**
 * The operator settles an open invoice: `paid` (paid outside the card, e.g. by bank transfer) or `void` (not owed).
 * Returns the settled row, or undefined when there is no such open invoice.
 */
export async function settleOpenInvoice(
  db: Database,
  invoiceId: string,
  status: 'paid' | 'void',
  at: Date,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoice)
    .set({ status, ...(status === 'paid' && { paidAt: at }) })
    .where(and(eq(invoice.id, invoiceId), eq(invoice.status, 'open')))
    .returning();
  return row;
}
