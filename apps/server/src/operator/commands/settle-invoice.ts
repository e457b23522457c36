import { eq } from 'drizzle-orm';
import { invoice } from '../../db/schema';
import { settleOpenInvoice } from '../../modules/invoicing/invoices.repository';
import { auditOperatorAction } from '../operator-audit';
import type { OperatorCommand } from '../operator-command';

const STATUSES = ['paid', 'void'] as const;
type Settlement = (typeof STATUSES)[number];

/**
 * Invoices of exempt and manually billed organisations stay open until the operator settles them (they are never
 * charged to a card); any other open invoice may be settled too, e.g. one paid by bank transfer after a declined card.
 */
export const settleInvoiceCommand: OperatorCommand = {
  name: 'settle-invoice',
  usage: 'settle-invoice <invoiceId> paid|void',
  summary: 'Mark an open invoice paid (settled outside the card) or void (not owed)',
  async run(args, { app, out }) {
    const [invoiceId, status] = args;
    if (
      args.length !== 2 ||
      !invoiceId ||
      !(STATUSES as readonly string[]).includes(status ?? '')
    ) {
      out(`usage: ${this.usage}`);
      return 2;
    }
    const settled = await app.db.transaction(async (tx) => {
      const row = await settleOpenInvoice(tx, invoiceId, status as Settlement, app.clock());
      if (!row) return undefined;
      await auditOperatorAction(tx, {
        workspaceId: row.workspaceId,
        action: 'billing.invoice_settled',
        target: row.number,
        details: { status, amountDue: row.amountDueCents, currency: row.currency },
        at: app.clock(),
      });
      return row;
    });
    if (!settled) {
      const [existing] = await app.db
        .select({ status: invoice.status })
        .from(invoice)
        .where(eq(invoice.id, invoiceId));
      out(
        existing
          ? `Invoice ${invoiceId} is ${existing.status}, not open: nothing changed.`
          : `No invoice ${invoiceId}.`,
      );
      return 1;
    }
    out(`Invoice ${settled.number} (${invoiceId}) is now ${status}.`);
    return 0;
  },
};
