import { MARKETPLACE_BILLING_PROVIDER } from '@herald/contract/constants';
import { MONTH_ABBREVIATIONS } from '@herald/contract/billing/invoice-month';
import type { FastifyInstance } from 'fastify';
import type { PaymentsPort } from '../../adapters/payments/payments-port';
import { findPaymentMethod, isValidCard } from '../payments/payments.repository';
import { listWorkspaceBilling } from './invoice-builder';
import {
  chargeIdempotencyKey,
  handToOperator,
  listInvoicesToCharge,
  listLinesOf,
  noteChargeBlocked,
  recordCharge,
  type InvoiceLineRow,
  type InvoiceRow,
} from './invoices.repository';

export interface CollectionReport {
  charged: number;
  failed: number;
  /** Invoices the card could not be asked for (no valid card, the provider unreachable): tried again next run. */
  blocked: number;
  /** True when invoices waited for a charge but no payments port is configured. */
  paymentsUnavailable: boolean;
}

export const NO_CARD_MESSAGE =
  'No valid card on file: add a card on the billing page to pay this invoice.';
export const OTHER_PROVIDER_CARD_MESSAGE =
  'The card on file was stored with another payment provider: add it again on the billing page.';

/**
 * The payments port the payments area decorates the app with (`app.payments`). Until it is there, invoices wait
 * (open, not charged) and each run says why in the log.
 */
export function paymentsOf(app: FastifyInstance): PaymentsPort | null {
  if (!app.hasDecorator('payments')) return null;
  return (app as unknown as { payments?: PaymentsPort | null }).payments ?? null;
}

function monthLabel(row: InvoiceRow): string {
  return `${MONTH_ABBREVIATIONS[row.periodStart.getUTCMonth()]} ${row.periodStart.getUTCFullYear()}`;
}

/**
 * What the provider's invoice shows: our lines when nothing was deducted; otherwise one line for the amount due
 * (the port takes no negative lines), saying what was deducted.
 */
function providerLines(row: InvoiceRow, lines: readonly InvoiceLineRow[]) {
  if (row.prepaidCents === 0 && row.creditAppliedCents === 0) {
    return lines.map((line) => ({
      description: `${line.serviceName}: ${line.name}`,
      amount: line.amountCents,
    }));
  }
  const deducted = [
    row.prepaidCents > 0 ? `${row.prepaidCents} cents paid at checkout` : null,
    row.creditAppliedCents > 0 ? `${row.creditAppliedCents} cents of credit` : null,
  ].filter(Boolean);
  return [
    {
      description: `Herald Cloud ${monthLabel(row)}: ${row.totalCents} cents less ${deducted.join(' and ')}`,
      amount: row.amountDueCents,
    },
  ];
}

/**
 * Charges every invoice not yet charged (see listInvoicesToCharge): skipped for workspaces the operator settles
 * (exempt, manually billed) and marketplace organisations; a charge takes the invoice's idempotency key, so asking
 * again after a crash returns the first answer instead of charging twice.
 */
export async function collectInvoices(
  app: FastifyInstance,
  report: CollectionReport,
  payments: PaymentsPort | null = paymentsOf(app),
): Promise<void> {
  const due = await listInvoicesToCharge(app.db);
  if (due.length === 0) return;
  if (!payments) {
    report.paymentsUnavailable = true;
    app.log.warn(
      { invoices: due.length },
      'Invoices wait to be charged: no payments provider is configured',
    );
    return;
  }
  const billingOf = new Map(
    (await listWorkspaceBilling(app.db, [...new Set(due.map((row) => row.workspaceId))])).map(
      (row) => [row.id, row],
    ),
  );
  for (const row of due) {
    const billing = billingOf.get(row.workspaceId);
    if (!billing) continue;
    if (
      billing.paymentMethodExempted ||
      billing.manuallyBilled ||
      billing.billingProvider === MARKETPLACE_BILLING_PROVIDER
    ) {
      await handToOperator(app.db, row.id);
      continue;
    }
    const card = await findPaymentMethod(app.db, row.workspaceId);
    if (!isValidCard(card, app.clock())) {
      report.blocked += 1;
      await noteChargeBlocked(app.db, row.id, NO_CARD_MESSAGE);
      continue;
    }
    if (card.provider !== payments.kind) {
      report.blocked += 1;
      await noteChargeBlocked(app.db, row.id, OTHER_PROVIDER_CARD_MESSAGE);
      continue;
    }
    const lines = await listLinesOf(app.db, [row.id]);
    let result: Awaited<ReturnType<PaymentsPort['charge']>>;
    try {
      result = await payments.charge({
        customerId: card.customerId,
        paymentMethodId: card.providerPaymentMethodId,
        currency: row.currency,
        lines: providerLines(row, lines),
        description: `Herald Cloud invoice ${row.number} (${monthLabel(row)})`,
        metadata: { invoiceId: row.id, workspaceId: row.workspaceId, number: row.number },
        idempotencyKey: chargeIdempotencyKey(row),
      });
    } catch (error) {
      // The provider did not answer: nothing is recorded, the next run asks again with the same key.
      report.blocked += 1;
      app.log.error({ err: error, invoiceId: row.id }, 'Charging an invoice failed');
      continue;
    }
    await recordCharge(app.db, row.id, result, app.clock());
    if (result.status === 'paid') report.charged += 1;
    else report.failed += 1;
  }
}
