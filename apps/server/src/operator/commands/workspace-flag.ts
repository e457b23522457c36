import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workspace } from '../../db/schema';
import { auditOperatorAction } from '../operator-audit';
import type { OperatorCommand } from '../operator-command';

/** `on` / `off` → true / false; anything else undefined. */
export function parseOnOff(value: string | undefined): boolean | undefined {
  const word = value?.toLowerCase();
  return word === 'on' ? true : word === 'off' ? false : undefined;
}

type Flag = 'paymentMethodExempted' | 'manuallyBilled';

const AUDIT = {
  paymentMethodExempted: 'billing.payment_exemption_changed',
  manuallyBilled: 'billing.manual_billing_changed',
} as const;

/** Sets a workspace's billing flag and audits it, in one transaction; null when there is no such workspace. */
async function setFlag(
  app: FastifyInstance,
  workspaceId: string,
  flag: Flag,
  on: boolean,
): Promise<{ name: string; changed: boolean } | null> {
  return app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: workspace.name, value: workspace[flag] })
      .from(workspace)
      .where(eq(workspace.id, workspaceId))
      .for('update');
    if (!current) return null;
    if (current.value === on) return { name: current.name, changed: false };
    await tx
      .update(workspace)
      .set({ [flag]: on })
      .where(eq(workspace.id, workspaceId));
    await auditOperatorAction(tx, {
      workspaceId,
      action: AUDIT[flag],
      target: current.name,
      details: { on },
      at: app.clock(),
    });
    return { name: current.name, changed: true };
  });
}

function flagCommand(
  name: string,
  flag: Flag,
  summary: string,
  says: (on: boolean) => string,
): OperatorCommand {
  return {
    name,
    usage: `${name} <workspaceId> on|off`,
    summary,
    async run(args, { app, out }) {
      const [workspaceId, onOff] = args;
      const on = parseOnOff(onOff);
      if (args.length !== 2 || !workspaceId || on === undefined) {
        out(`usage: ${this.usage}`);
        return 2;
      }
      const result = await setFlag(app, workspaceId, flag, on);
      if (!result) {
        out(`No organisation ${workspaceId}.`);
        return 1;
      }
      out(
        result.changed
          ? `${result.name} (${workspaceId}) ${says(on)}.`
          : `${result.name} (${workspaceId}) already ${says(on)}: nothing changed.`,
      );
      return 0;
    },
  };
}

/** Spec section 3 paymentMethodExempted: paid services without a card; invoices are settled by the operator. */
export const exemptCommand = flagCommand(
  'exempt',
  'paymentMethodExempted',
  'Exempt an organisation from adding a payment method (or end it)',
  (on) => (on ? 'is exempt from adding a payment method' : 'needs a payment method again'),
);

/** Spec section 3 manuallyBilled: invoices are made as usual but never charged to a card. */
export const manualBillingCommand = flagCommand(
  'manual-billing',
  'manuallyBilled',
  'Bill an organisation manually: invoices are not charged to a card (or end it)',
  (on) => (on ? 'is billed manually' : 'is billed by card'),
);
