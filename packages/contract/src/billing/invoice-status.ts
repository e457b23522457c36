import type { Invoice } from './billing.schema';

/**
 * The word shown for an invoice's status on the billing page. The statuses are the payment provider's (Stripe);
 * the words are ours (the spec lists the invoices call, not its fields).
 */
export const INVOICE_STATUS_WORDS: Readonly<Record<Invoice['status'], string>> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Unpaid',
  void: 'Void',
};
