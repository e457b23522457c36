import { parseInvoiceMonth } from '@herald/contract/billing/invoice-month';
import { InvoicingRunError, runInvoicing } from '../../modules/invoicing/invoicing-run';
import type { OperatorCommand } from '../operator-command';

/**
 * The invoicing run now (it also runs at start and hourly): the months due, or the ended month named. Idempotent:
 * invoices that exist are left alone and charged invoices are not charged again.
 */
export const invoiceRunCommand: OperatorCommand = {
  name: 'invoice-run',
  usage: 'invoice-run [YYYY-MM]',
  summary: 'Invoice the months due (or the ended month named) and charge invoices not yet charged',
  async run(args, { app, out }) {
    const month = args[0] === undefined ? undefined : parseInvoiceMonth(args[0]);
    if (args.length > 1 || month === null) {
      out(`usage: ${this.usage}`);
      return 2;
    }
    let report;
    try {
      report = await runInvoicing(app, month ? { month } : {});
    } catch (error) {
      if (error instanceof InvoicingRunError) {
        out(error.message);
        return 1;
      }
      throw error;
    }
    out(
      report.months.length === 0
        ? 'No month is due for invoicing.'
        : `Invoiced ${report.months.join(', ')}: ${report.invoicesCreated} new invoice(s).`,
    );
    out(
      `Charged ${report.charged}, failed ${report.failed}, waiting for a card or the provider ${report.blocked}.`,
    );
    if (report.paymentsUnavailable) {
      out('No payments provider is configured: invoices wait, open, to be charged.');
    }
    for (const waiting of report.waiting) {
      out(`Not invoiced yet: ${waiting.workspaceId} (${waiting.month}): ${waiting.reason}.`);
    }
    return report.waiting.length > 0 ? 1 : 0;
  },
};
