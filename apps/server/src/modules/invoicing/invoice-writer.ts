import { linesTotal } from '@herald/contract/billing/invoice-lines';
import { settleInvoice } from '@herald/contract/billing/invoice-credit';
import {
  formatInvoiceMonth,
  monthRange,
  type InvoiceMonth,
} from '@herald/contract/billing/invoice-month';
import type { FastifyInstance } from 'fastify';
import { changeCredit } from './credit.repository';
import { linesForMonth, lockWorkspaceBilling, prepaidInMonth } from './invoice-builder';
import { findInvoiceOfMonth, insertInvoiceOnce } from './invoices.repository';
import { toPlanStretch, type PlanPeriodRow } from './plan-periods.repository';
import { ensureSubscription } from './subscriptions.repository';

/** The credit ledger's actor for what the invoicing run applies. */
export const RUN_ACTOR = 'invoicing';

export interface InvoiceOutcome {
  created: boolean;
  waiting?: string;
}

/**
 * Builds and inserts one workspace's invoice of the month (nothing when it exists or nothing is charged): lines
 * from its plan periods and usage, then prepayments and credit, all in one transaction with the unique month key.
 */
export async function invoiceWorkspace(
  app: FastifyInstance,
  month: InvoiceMonth,
  workspaceId: string,
  periods: readonly PlanPeriodRow[],
): Promise<InvoiceOutcome> {
  const range = monthRange(month);
  const periodStart = new Date(range.start * 1000);
  const periodEnd = new Date(range.end * 1000);
  // Cheap check first: measuring usage is the expensive part of a re-run.
  if (await findInvoiceOfMonth(app.db, workspaceId, periodStart)) return { created: false };
  const { lines, unpricedPlans } = await linesForMonth(app, month, periods.map(toPlanStretch));
  if (unpricedPlans.length > 0) {
    return {
      created: false,
      waiting: `the catalogue does not price the plan(s) ${unpricedPlans.join(', ')}`,
    };
  }
  if (lines.length === 0) return { created: false };
  const total = linesTotal(lines);
  const prepaid = await prepaidInMonth(app.db, workspaceId, { from: periodStart, to: periodEnd });
  const now = app.clock();
  const created = await app.db.transaction(async (tx) => {
    const billing = await lockWorkspaceBilling(tx, workspaceId);
    if (!billing) return false;
    const subscriptionId = await ensureSubscription(tx, workspaceId, now);
    const settlement = settleInvoice({
      totalCents: total,
      prepaidCents: prepaid,
      creditCents: billing.creditCents,
    });
    const byOperator = billing.paymentMethodExempted || billing.manuallyBilled;
    const settled = settlement.amountDue === 0;
    const row = await insertInvoiceOnce(
      tx,
      {
        workspaceId,
        subscriptionId,
        number: `${formatInvoiceMonth(month).replace('-', '')}-${workspaceId.toUpperCase()}`,
        periodStart,
        periodEnd,
        currency: billing.creditCurrency.toLowerCase(),
        totalCents: total,
        prepaidCents: settlement.prepaidApplied,
        creditAppliedCents: settlement.creditApplied,
        amountDueCents: settlement.amountDue,
        status: settled ? 'paid' : 'open',
        collection: byOperator ? 'operator' : 'card',
        chargeAttemptedAt: settled ? now : null,
        paidAt: settled ? now : null,
        createdAt: now,
      },
      lines,
    );
    if (!row) return false;
    if (settlement.prepaidReturnedAsCredit > 0) {
      await changeCredit(tx, {
        workspaceId,
        amountCents: settlement.prepaidReturnedAsCredit,
        kind: 'prepayment',
        invoiceId: row.id,
        reason: `Paid at checkout beyond invoice ${row.number}`,
        actor: RUN_ACTOR,
        at: now,
      });
    }
    if (settlement.creditApplied > 0) {
      await changeCredit(tx, {
        workspaceId,
        amountCents: -settlement.creditApplied,
        kind: 'invoice',
        invoiceId: row.id,
        reason: `Applied to invoice ${row.number}`,
        actor: RUN_ACTOR,
        at: now,
      });
    }
    return true;
  });
  return { created };
}
