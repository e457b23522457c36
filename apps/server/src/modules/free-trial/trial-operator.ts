import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import { FREE_TRIAL_BILLING_PLAN } from '@herald/contract/constants';
import { serviceActionEvent } from '@herald/contract/logs/service-event-text';
import type { AuditAction } from '@herald/contract/members/member.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { service } from '../../db/schema';
import { openPlanPeriod } from '../invoicing/plan-periods.repository';
import { recordServiceEvent } from '../logs/service-events';
import type { ServiceRow } from '../service/service.repository';
import { auditTrial } from './trial-actions';
import { findServiceRow, setClosureReason } from './trial.repository';
import { isSuspendedByTrial } from './trial-state';

/** What an operator's trial command answers: the changed row, or why nothing changed (printed as is). */
export type TrialOperatorResult = { ok: true; row: ServiceRow } | { ok: false; message: string };

export const TRIAL_OPERATOR_MESSAGES = {
  notFound: (id: string) => `No service ${id}.`,
  notTrial: (id: string) => `The service ${id} is not on a free trial.`,
  limitExhausted:
    'The trial used all of its messages: extending its time would suspend it again at the next tick.',
  notRunningTrial: (id: string) => `The free trial of ${id} is not running (it is suspended).`,
  notSuspended: (id: string) => `The service ${id} is not suspended by its free trial.`,
  notLater: (due: string) => `The new removal date must be later than the current one (${due}).`,
} as const;

async function liveTrial(app: FastifyInstance, serviceId: string): Promise<ServiceRow | string> {
  const row = await findServiceRow(app.db, serviceId);
  if (!row || row.desiredState === 'deleted') return TRIAL_OPERATOR_MESSAGES.notFound(serviceId);
  if (row.billingPlan !== FREE_TRIAL_BILLING_PLAN || row.trialEndsAt === null) {
    return TRIAL_OPERATOR_MESSAGES.notTrial(serviceId);
  }
  return row;
}

async function after(
  app: FastifyInstance,
  row: ServiceRow,
  action: AuditAction,
  details: Record<string, unknown>,
  reconcile: boolean,
) {
  const event = serviceActionEvent(action, row.serviceName, details);
  await recordServiceEvent(app, row.id, event.level, event.message, {
    actor: 'operator',
    ...details,
  });
  if (reconcile) {
    app.statusEvents.publishRow(row);
    app.provisioner.reconcile(row.id);
  }
}

/**
 * Extends a trial by whole days. A trial suspended at its end (TRIAL_END) comes back as a trial ending `days` from
 * now; one that used its messages cannot be extended by time.
 */
export async function extendTrial(
  app: FastifyInstance,
  serviceId: string,
  days: number,
): Promise<TrialOperatorResult> {
  const found = await liveTrial(app, serviceId);
  if (typeof found === 'string') return { ok: false, message: found };
  if (found.suspensionReason === 'LIMIT_EXHAUSTED') {
    return { ok: false, message: TRIAL_OPERATOR_MESSAGES.limitExhausted };
  }
  const now = app.clock();
  const suspended = isSuspendedByTrial(found);
  const base = suspended ? now.getTime() : (found.trialEndsAt?.getTime() ?? now.getTime());
  const endsAt = new Date(base + days * DAY_MS);
  const row = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(service)
      .set({
        trialEndsAt: endsAt,
        updatedAt: now,
        ...(suspended && {
          desiredState: 'running' as const,
          status: 'CHECKING',
          suspensionReason: null,
          suspendedAt: null,
          removalDueAt: null,
        }),
      })
      .where(eq(service.id, found.id))
      .returning();
    if (!updated) throw new Error(`service ${found.id} vanished`);
    if (suspended) {
      await openPlanPeriod(tx, {
        serviceId: updated.id,
        workspaceId: updated.workspaceId,
        serviceName: updated.serviceName,
        billingPlan: updated.billingPlan,
        nodes: updated.noOfNodes,
        at: now,
      });
      await setClosureReason(tx, updated.workspaceId, null);
    }
    await auditTrial(tx, updated, 'service.trial_extended', 'operator', now, {
      days,
      trialEndsAt: endsAt.toISOString(),
      resumed: suspended,
    });
    return updated;
  });
  await after(app, row, 'service.trial_extended', { days }, suspended);
  return { ok: true, row };
}

/** Ends a running trial now: the next tick applies its expiry (conversion with a card, else suspension). */
export async function endTrialNow(
  app: FastifyInstance,
  serviceId: string,
): Promise<TrialOperatorResult> {
  const found = await liveTrial(app, serviceId);
  if (typeof found === 'string') return { ok: false, message: found };
  if (isSuspendedByTrial(found)) {
    return { ok: false, message: TRIAL_OPERATOR_MESSAGES.notRunningTrial(serviceId) };
  }
  const now = app.clock();
  const row = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(service)
      .set({ trialEndsAt: now, updatedAt: now })
      .where(eq(service.id, found.id))
      .returning();
    if (!updated) throw new Error(`service ${found.id} vanished`);
    await auditTrial(tx, updated, 'service.trial_ended', 'operator', now, {
      previousEnd: found.trialEndsAt?.toISOString() ?? null,
    });
    return updated;
  });
  await after(app, row, 'service.trial_ended', {}, false);
  return { ok: true, row };
}

/** Moves a suspended trial service's removal to a later date (spec section 9 "unless delayed"). */
export async function delayRemoval(
  app: FastifyInstance,
  serviceId: string,
  removalDueAt: Date,
): Promise<TrialOperatorResult> {
  const found = await liveTrial(app, serviceId);
  if (typeof found === 'string') return { ok: false, message: found };
  if (!isSuspendedByTrial(found) || found.removalDueAt === null) {
    return { ok: false, message: TRIAL_OPERATOR_MESSAGES.notSuspended(serviceId) };
  }
  if (removalDueAt.getTime() <= found.removalDueAt.getTime()) {
    return {
      ok: false,
      message: TRIAL_OPERATOR_MESSAGES.notLater(found.removalDueAt.toISOString()),
    };
  }
  const now = app.clock();
  const row = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(service)
      .set({ removalDueAt, updatedAt: now })
      .where(eq(service.id, found.id))
      .returning();
    if (!updated) throw new Error(`service ${found.id} vanished`);
    await auditTrial(tx, updated, 'service.removal_delayed', 'operator', now, {
      removalDueAt: removalDueAt.toISOString(),
      previous: found.removalDueAt?.toISOString() ?? null,
    });
    return updated;
  });
  await after(
    app,
    row,
    'service.removal_delayed',
    { removalDueAt: removalDueAt.toISOString() },
    false,
  );
  return { ok: true, row };
}
