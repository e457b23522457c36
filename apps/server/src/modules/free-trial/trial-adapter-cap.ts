import { FREE_TRIAL_ADAPTER_MESSAGE_LIMIT } from '@herald/contract/constants';
import { adaptersOverTrialCap } from '@herald/contract/kafka/kafka-adapter-trial-cap';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { kafkaAdapter, restAdapter } from '../../db/schema';
import { listAdapterRows } from '../kafka-gateway/kafka-adapter.repository';
import { findRestAdapterOfService } from '../rest-gateway/rest-adapter.repository';
import type { ServiceRow } from '../service/service.repository';
import { afterStep, auditTrial } from './trial-actions';
import { claimTrialMail } from './trial-notices';
import { trialIncrease } from './trial-usage';

/**
 * Spec section 9's adapter cap (docs/decisions/049 and 052): once a trial service's adapters caused
 * FREE_TRIAL_ADAPTER_MESSAGE_LIMIT billed messages since the trial started, its active Kafka adapters and its REST
 * adapter (whose messages the runtime counts the same way: it publishes with an adapter credential) are deactivated
 * (the reconcile loop stops their processes), audited and e-mailed once per trial. A service without an active
 * adapter costs no metrics query.
 */
export async function enforceAdapterTrialCap(
  app: FastifyInstance,
  row: ServiceRow,
  now: Date,
): Promise<void> {
  const adapters = await listAdapterRows(app.db, row.id);
  const rest = await findRestAdapterOfService(app.db, row.id);
  if (!adapters.some((adapter) => adapter.active) && rest?.active !== true) return;
  const adapterMessagesUsed = await trialIncrease(app, row, 'adapter_billed_messages_total', now);
  const ids = adaptersOverTrialCap({
    billingPlan: row.billingPlan,
    adapterMessagesUsed,
    adapters: rest ? [...adapters, rest] : adapters,
  });
  if (ids.length === 0) return;
  const result = await app.db.transaction(async (tx) => {
    // Only those still active: a member's disable or a second control plane's tick in between is no second step.
    const stopped = await tx
      .update(kafkaAdapter)
      .set({ active: false, updatedAt: now })
      .where(and(inArray(kafkaAdapter.id, ids), eq(kafkaAdapter.active, true)))
      .returning({ id: kafkaAdapter.id, label: kafkaAdapter.label });
    const [restStopped] = await tx
      .update(restAdapter)
      .set({ active: false, updatedAt: now })
      .where(and(inArray(restAdapter.id, ids), eq(restAdapter.active, true)))
      .returning({ id: restAdapter.id });
    if (stopped.length === 0 && !restStopped) return undefined;
    const details = {
      adapterIds: stopped.map((adapter) => adapter.id),
      labels: stopped.map((adapter) => adapter.label),
      ...(restStopped && { restAdapterId: restStopped.id }),
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
      {
        mail: {
          adapterLabels: details.labels,
          restAdapterStopped: restStopped !== undefined,
          adapterMessagesUsed,
        },
      },
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
