import { eq } from 'drizzle-orm';
import { workspace } from '../../db/schema';
import { changeCredit } from '../../modules/invoicing/credit.repository';
import { auditOperatorAction } from '../operator-audit';
import type { OperatorCommand } from '../operator-command';

/** A grant is a positive whole number of cents, at most a million in the currency (a typo guard). */
export const MAX_GRANT_CENTS = 100_000_000;

function formatCents(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/**
 * Credit (spec section 3 "Credit"): added to the balance, recorded in the credit ledger and the audit trail in one
 * transaction; the next invoices use it up before the card is charged.
 */
export const grantCreditCommand: OperatorCommand = {
  name: 'grant-credit',
  usage: 'grant-credit <workspaceId> <amount in cents> [reason…]',
  summary: 'Add credit to an organisation (used up by its next invoices)',
  async run(args, { app, out }) {
    const [workspaceId, amountText, ...reasonWords] = args;
    const amount = /^\d{1,9}$/.test(amountText ?? '') ? Number(amountText) : NaN;
    if (!workspaceId || !Number.isInteger(amount) || amount < 1 || amount > MAX_GRANT_CENTS) {
      out(`usage: ${this.usage}`);
      out(`The amount is whole cents from 1 to ${MAX_GRANT_CENTS} (2500 is 25.00).`);
      return 2;
    }
    const reason = reasonWords.join(' ').trim().slice(0, 200) || null;
    const now = app.clock();
    const result = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ name: workspace.name, currency: workspace.creditCurrency })
        .from(workspace)
        .where(eq(workspace.id, workspaceId))
        .for('update');
      if (!row) return null;
      const balance = await changeCredit(tx, {
        workspaceId,
        amountCents: amount,
        kind: 'grant',
        reason,
        actor: 'operator',
        at: now,
      });
      await auditOperatorAction(tx, {
        workspaceId,
        action: 'billing.credit_granted',
        target: row.name,
        details: { amount, currency: row.currency, ...(reason && { reason }) },
        at: now,
      });
      return { ...row, balance: balance ?? 0 };
    });
    if (!result) {
      out(`No organisation ${workspaceId}.`);
      return 1;
    }
    out(
      `Granted ${formatCents(amount, result.currency)} to ${result.name} (${workspaceId}); its credit is now ${formatCents(result.balance, result.currency)}.`,
    );
    return 0;
  },
};
