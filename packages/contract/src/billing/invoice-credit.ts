/**
 * What is left to pay on an invoice (issue 13; docs/decisions/024). Two things reduce the lines' total, in order:
 * 1. what the month's plan changes already charged at checkout (the prorated rest of the month, paid upfront);
 *    a prepayment larger than the total (a service upgraded and then removed) returns as credit;
 * 2. the workspace's credit balance (spec section 3 "Credit"), never below zero; what is left is carried over.
 */
export interface InvoiceSettlement {
  /** Cents of the month's checkout charges counted against this invoice. */
  prepaidApplied: number;
  /** Cents of prepayment beyond the total, added to the credit balance. */
  prepaidReturnedAsCredit: number;
  /** Cents taken from the credit balance for this invoice. */
  creditApplied: number;
  /** Cents still to pay. */
  amountDue: number;
  /** The balance after this invoice. */
  remainingCredit: number;
}

export function settleInvoice(input: {
  totalCents: number;
  prepaidCents: number;
  creditCents: number;
}): InvoiceSettlement {
  const total = Math.max(0, input.totalCents);
  const prepaid = Math.max(0, input.prepaidCents);
  const prepaidApplied = Math.min(total, prepaid);
  const prepaidReturnedAsCredit = prepaid - prepaidApplied;
  const afterPrepaid = total - prepaidApplied;
  const balance = input.creditCents + prepaidReturnedAsCredit;
  const creditApplied = Math.min(afterPrepaid, Math.max(0, balance));
  return {
    prepaidApplied,
    prepaidReturnedAsCredit,
    creditApplied,
    amountDue: afterPrepaid - creditApplied,
    remainingCredit: balance - creditApplied,
  };
}
