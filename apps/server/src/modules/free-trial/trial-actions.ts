import { isBlockingClosureReason } from '@herald/contract/billing/account-closure';
import type { BlockingClosureReason } from '@herald/contract/billing/account-closure';
import { removalDueAt } from '@herald/contract/billing/free-trial-timeline';
import type { TrialReminder } from '@herald/contract/billing/free-trial-timeline';
import { FREE_TRIAL_BILLING_PLAN } from '@herald/contract/constants';
import { serviceActionEvent } from '@herald/contract/logs/service-event-text';
import type { AuditAction } from '@herald/contract/members/member.schema';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { service } from '../../db/schema';
import { closePlanPeriod, openPlanPeriod } from '../invoicing/plan-periods.repository';
import { recordServiceEvent } from '../logs/service-events';
import type { ServiceChanges, ServiceRow } from '../service/service.repository';
import { insertAuditEvent } from '../workspace/workspace.repository';
import { claimTrialMail, deliverNotice } from './trial-notices';
import { setClosureReason } from './trial.repository';
import { reminderKey } from './trial-state';

/** Who did it, in the audit trail: the trial scheduler (no member), or the operator's command line. */
export type TrialActor = 'scheduler' | 'operator';

export type Notice = Awaited<ReturnType<typeof claimTrialMail>>;

/** Writes the audit row of a trial step (in its transaction). */
export async function auditTrial(
  db: Database,
  row: Pick<ServiceRow, 'id' | 'workspaceId' | 'serviceName'>,
  action: AuditAction,
  actor: TrialActor,
  at: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  await insertAuditEvent(db, {
    workspaceId: row.workspaceId,
    actor: { customerId: null, email: null },
    action,
    target: row.serviceName,
    details: { serviceId: row.id, by: actor, ...details },
    ipAddress: null,
    at,
  });
}

/** After the commit: the event log line, the status streams, the provisioner, and the e-mail. */
export async function afterStep(
  app: FastifyInstance,
  row: ServiceRow,
  action: AuditAction,
  details: Record<string, unknown>,
  notice: Notice,
  reconcile: boolean,
): Promise<void> {
  const event = serviceActionEvent(action, row.serviceName, details);
  await recordServiceEvent(app, row.id, event.level, event.message, details);
  if (reconcile) {
    app.statusEvents.publishRow(row);
    app.provisioner.reconcile(row.id);
  }
  if (notice) {
    try {
      await deliverNotice(app, notice);
    } catch (error) {
      // Left unsent: a later tick sends it (trial-notices.ts).
      app.log.warn({ err: error, serviceId: row.id }, 'Trial e-mail failed; it is retried');
    }
  }
}

/** Updates a trial service only while it is still a live free trial (a concurrent step makes this a no-op). */
async function updateLiveTrial(
  db: Database,
  serviceId: string,
  changes: ServiceChanges,
  at: Date,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(service)
    .set({ ...changes, updatedAt: at })
    .where(
      and(
        eq(service.id, serviceId),
        eq(service.billingPlan, FREE_TRIAL_BILLING_PLAN),
        ne(service.desiredState, 'deleted'),
      ),
    )
    .returning();
  return row;
}

/** A reminder e-mail, once per key (spec section 9 "Reminder emails are sent during the trial"). */
export async function sendReminder(
  app: FastifyInstance,
  row: ServiceRow,
  reminder: TrialReminder,
  at: Date,
): Promise<void> {
  const key = reminderKey(reminder, row.trialEndsAt?.getTime() ?? 0);
  const notice = await app.db.transaction(async (tx) => {
    const claimed = await claimTrialMail(app, tx, row, reminder, key, at);
    if (claimed) {
      await auditTrial(tx, row, 'service.trial_reminder_sent', 'scheduler', at, {
        reminder,
        subject: claimed.subject,
      });
    }
    return claimed;
  });
  if (notice) {
    await afterStep(
      app,
      row,
      'service.trial_reminder_sent',
      { reminder, subject: notice.subject },
      notice,
      false,
    );
  }
}

/**
 * No valid card at the end (TRIAL_END) or the cap reached (LIMIT_EXHAUSTED): the service stops, billing of its
 * trial period closes, the workspace carries the blocking closure reason, removal is due 30 days later.
 */
export async function suspendTrial(
  app: FastifyInstance,
  current: ServiceRow,
  reason: BlockingClosureReason,
  at: Date,
): Promise<ServiceRow | undefined> {
  const removal = new Date(removalDueAt(at.getTime()));
  const result = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(service)
      .set({
        desiredState: 'suspended',
        status: 'SUSPENDED',
        suspensionReason: reason,
        suspendedAt: at,
        removalDueAt: removal,
        updatedAt: at,
      })
      .where(
        and(
          eq(service.id, current.id),
          eq(service.billingPlan, FREE_TRIAL_BILLING_PLAN),
          eq(service.desiredState, 'running'),
          isNull(service.suspensionReason),
        ),
      )
      .returning();
    if (!row) return undefined;
    await closePlanPeriod(tx, row.id, at);
    await setClosureReason(tx, row.workspaceId, reason);
    await auditTrial(tx, row, 'service.trial_suspended', 'scheduler', at, {
      reason,
      removalDueAt: removal.toISOString(),
    });
    const notice = await claimTrialMail(
      app,
      tx,
      row,
      'suspended',
      `suspended@${String(at.getTime())}`,
      at,
    );
    return { row, notice };
  });
  if (!result) return undefined;
  await afterStep(app, result.row, 'service.trial_suspended', { reason }, result.notice, true);
  return result.row;
}

/**
 * A valid card at the end (or added after a suspension): the service continues on its tier's paid plan, billed from
 * `at`; a suspended one starts again and the workspace's blocking closure reason is lifted.
 */
export async function convertTrial(
  app: FastifyInstance,
  current: ServiceRow,
  at: Date,
): Promise<ServiceRow | undefined> {
  const plan = current.provisioningPlan ?? current.billingPlan;
  const wasSuspended = current.desiredState === 'suspended';
  const result = await app.db.transaction(async (tx) => {
    const row = await updateLiveTrial(
      tx,
      current.id,
      {
        billingPlan: plan,
        freeTrial: false,
        desiredState: 'running',
        suspensionReason: null,
        suspendedAt: null,
        removalDueAt: null,
        ...(wasSuspended ? { status: 'CHECKING' } : {}),
      },
      at,
    );
    if (!row) return undefined;
    await openPlanPeriod(tx, {
      serviceId: row.id,
      workspaceId: row.workspaceId,
      serviceName: row.serviceName,
      billingPlan: row.billingPlan,
      nodes: row.noOfNodes,
      at,
    });
    if (isBlockingClosureReason(current.suspensionReason)) {
      await setClosureReason(tx, row.workspaceId, null);
    }
    await auditTrial(tx, row, 'service.trial_converted', 'scheduler', at, {
      billingPlan: plan,
      resumed: wasSuspended,
    });
    const notice = await claimTrialMail(app, tx, row, 'converted', 'converted', at);
    return { row, notice };
  });
  if (!result) return undefined;
  await afterStep(
    app,
    result.row,
    'service.trial_converted',
    { billingPlan: plan },
    result.notice,
    true,
  );
  return result.row;
}

/**
 * 30 days after the suspension (or the operator's later date): the same path as a member cancelling the service
 * (desired state deleted, billing closed; the provisioner removes its runtime and data). The workspace keeps its
 * closure reason until a card is added.
 */
export async function removeTrial(
  app: FastifyInstance,
  current: ServiceRow,
  at: Date,
): Promise<ServiceRow | undefined> {
  const result = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(service)
      .set({ desiredState: 'deleted', updatedAt: at })
      .where(
        and(
          eq(service.id, current.id),
          eq(service.billingPlan, FREE_TRIAL_BILLING_PLAN),
          eq(service.desiredState, 'suspended'),
        ),
      )
      .returning();
    if (!row) return undefined;
    await closePlanPeriod(tx, row.id, at);
    await auditTrial(tx, row, 'service.trial_removed', 'scheduler', at, {
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
    });
    const notice = await claimTrialMail(app, tx, row, 'removed', 'removed', at);
    return { row, notice };
  });
  if (!result) return undefined;
  await afterStep(app, result.row, 'service.trial_removed', {}, result.notice, true);
  return result.row;
}
