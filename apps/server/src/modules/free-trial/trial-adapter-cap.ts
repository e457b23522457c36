import { FREE_TRIAL_ADAPTER_MESSAGE_LIMIT } from '@herald/contract/constants';
import { adaptersOverTrialCap } from '@herald/contract/kafka/kafka-adapter-trial-cap';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { kafkaAdapter } from '../../db/schema';
import { listAdapterRows } from '../kafka-gateway/kafka-adapter.repository';
import type { ServiceRow } from '../service/service.repository';
import { afterStep, auditTrial } from './trial-actions';
import { claimTrialMail } from './trial-notices';
import { trialIncrease } from './trial-usage';

/**
 * Spec section 9's adapter cap (docs/decisions/049): once a trial service's adapters caused
 * FREE_TRIAL_ADAPTER_MESSAGE_LIMIT billed messages since the trial started, its active Kafka adapters are
 * deactivated (the reconcile loop stops their processes), audited and e-mailed once per trial. A service without an
 * active adapter costs no metrics query.
 */
export async function enforceAdapterTrialCap(
  app: FastifyInstance,
  row: ServiceRow,
  now: Date,
): Promise<void> {
  const adapters = await listAdapterRows(app.db, row.id);
  if (!adapters.some((adapter) => adapter.active)) return;
  const adapterMessagesUsed = await trialIncrease(app, row, 'adapter_billed_messages_total', now);
  const ids = adaptersOverTrialCap({
    billingPlan: row.billingPlan,
    adapterMessagesUsed,
    adapters,
  });
  if (ids.length === 0) return;
  const result = await app.db.transaction(async (tx) => {
    // Only those still active: a member's disable or a second control plane's tick in between is no second step.
    const stopped = await tx
      .update(kafkaAdapter)
      .set({ active: false, updatedAt: now })
      .where(and(inArray(kafkaAdapter.id, ids), eq(kafkaAdapter.active, true)))
      .returning({ id: kafkaAdapter.id, label: kafkaAdapter.label });
    if (stopped.length === 0) return undefined;
    const details = {
      adapterIds: stopped.map((adapter) => adapter.id),
      labels: stopped.map((adapter) => adapter.label),
      messagesUsed: adapterMessagesUsed,
      limit: FREE_TRIAL_ADAPTER_MESSAGE_LIMIT,
    };
    await auditTrial(tx, row, 'service.trial_adapters_deactivated', 'scheduler', now, details);
    const startedAt = (row.trialStartedAt ?? row.createdAt).getTime();
    const notice = await claimTrialMail(
      app,
      tx,
      row,
      'adapter-limit',
      `adapter-limit@${String(startedAt)}`,
      now,
      { mail: { adapterLabels: details.labels, adapterMessagesUsed } },
    );
    return { details, notice };
  });
  if (!result) return;
  await afterStep(
    app,
    row,
    'service.trial_adapters_deactivated',
    result.details,
    result.notice,
    true,
  );
}
