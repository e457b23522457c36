import { asc } from 'drizzle-orm';
import { MARKETPLACE_BILLING_PROVIDER } from '@herald/contract/constants';
import { workspace } from '../../db/schema';
import type { OperatorCommand } from '../operator-command';

/** Every organisation with its billing flags and credit: what the other commands take ids from. */
export const workspacesCommand: OperatorCommand = {
  name: 'workspaces',
  usage: 'workspaces',
  summary: 'List organisations: id, name, billing flags, credit',
  async run(args, { app, out }) {
    if (args.length > 0) {
      out(`usage: ${this.usage}`);
      return 2;
    }
    const rows = await app.db
      .select({
        id: workspace.id,
        name: workspace.name,
        paymentMethodExempted: workspace.paymentMethodExempted,
        manuallyBilled: workspace.manuallyBilled,
        billingProvider: workspace.billingProvider,
        creditCents: workspace.creditCents,
        creditCurrency: workspace.creditCurrency,
      })
      .from(workspace)
      .orderBy(asc(workspace.createdAt), asc(workspace.id));
    if (rows.length === 0) {
      out('No organisations yet.');
      return 0;
    }
    const idWidth = Math.max(2, ...rows.map((row) => row.id.length));
    const nameWidth = Math.min(40, Math.max(4, ...rows.map((row) => row.name.length)));
    out(`${'ID'.padEnd(idWidth)}  ${'NAME'.padEnd(nameWidth)}  ${'FLAGS'.padEnd(24)}  CREDIT`);
    for (const row of rows) {
      const flags = [
        row.paymentMethodExempted && 'exempt',
        row.manuallyBilled && 'manual-billing',
        row.billingProvider === MARKETPLACE_BILLING_PROVIDER && 'marketplace',
      ].filter(Boolean);
      const credit = `${(row.creditCents / 100).toFixed(2)} ${row.creditCurrency.toUpperCase()}`;
      const name = row.name.length > nameWidth ? `${row.name.slice(0, nameWidth - 1)}…` : row.name;
      out(
        `${row.id.padEnd(idWidth)}  ${name.padEnd(nameWidth)}  ${(flags.join(',') || '-').padEnd(24)}  ${credit}`,
      );
    }
    return 0;
  },
};
