import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { creditLedger, workspace } from '../../db/schema';
import { billingId } from './billing-ids';

export type CreditKind = (typeof creditLedger.$inferInsert)['kind'];

export interface CreditChange {
  workspaceId: string;
  /** Cents: positive adds to the balance, negative takes from it. */
  amountCents: number;
  kind: CreditKind;
  invoiceId?: string | null;
  reason?: string | null;
  /** `operator`, or `invoicing` for the run. */
  actor: string;
  at: Date;
}

/**
 * Changes the workspace's credit balance (workspace.credit_cents) and records why, together: call it in a
 * transaction. Returns the balance after, or null when the workspace does not exist.
 */
export async function changeCredit(db: Database, change: CreditChange): Promise<number | null> {
  const [row] = await db
    .update(workspace)
    .set({ creditCents: sql`${workspace.creditCents} + ${change.amountCents}` })
    .where(eq(workspace.id, change.workspaceId))
    .returning({ balance: workspace.creditCents });
  if (!row) return null;
  await db.insert(creditLedger).values({
    id: billingId('cl_'),
    workspaceId: change.workspaceId,
    amountCents: change.amountCents,
    kind: change.kind,
    invoiceId: change.invoiceId ?? null,
    reason: change.reason ?? null,
    actor: change.actor,
    balanceAfterCents: row.balance,
    at: change.at,
  });
  return row.balance;
}

export type CreditLedgerRow = typeof creditLedger.$inferSelect;

export function listCreditLedger(db: Database, workspaceId: string): Promise<CreditLedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.workspaceId, workspaceId))
    .orderBy(creditLedger.at, creditLedger.id);
}
