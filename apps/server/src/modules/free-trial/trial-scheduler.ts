import { isBlockingClosureReason } from '@herald/contract/billing/account-closure';
import { trialStep } from '@herald/contract/billing/free-trial-step';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { service } from '../../db/schema';
import type { ServiceRow } from '../service/service.repository';
import { convertTrial, removeTrial, sendReminder, suspendTrial } from './trial-actions';
import { enforceAdapterTrialCap } from './trial-adapter-cap';
import { retryUnsentNotices } from './trial-notices';
import {
  canPay,
  claimedNoticeKeys,
  findServiceRow,
  listClosedWorkspaces,
  listTrialServices,
  setClosureReason,
} from './trial.repository';
import { isSuspendedByTrial, trialStateOf } from './trial-state';
import { trialIncrease } from './trial-usage';

/** Spec section 9 is checked once a minute: a trial overshoots its cap by at most a minute's messages. */
export const TRIAL_TICK_MS = 60_000;

/** Steps one service may take in a tick (a reminder and a suspension, say); a bound, never reached in practice. */
const MAX_STEPS_PER_TICK = 6;

/** Applies what is due for one trial service at `now`, one step after the other (trialStep decides). */
export async function advanceTrial(
  app: FastifyInstance,
  start: ServiceRow,
  now: Date,
): Promise<void> {
  let row: ServiceRow | undefined = start;
  // Suspended for another reason (a lapsed marketplace subscription, `inactive`): not the trial's to move.
  if (row.desiredState === 'suspended' && !isSuspendedByTrial(row)) return;
  if (!isSuspendedByTrial(row)) {
    const used = await trialIncrease(app, row, 'billed_messages_total', now);
    if (used !== row.trialMessagesUsed) {
      await app.db.update(service).set({ trialMessagesUsed: used }).where(eq(service.id, row.id));
      row = { ...row, trialMessagesUsed: used };
    }
    // Section 9's adapter cap stops the adapters only; the service runs on, so the steps below still apply.
    await enforceAdapterTrialCap(app, row, now);
  }
  for (let steps = 0; row && steps < MAX_STEPS_PER_TICK; steps += 1) {
    const state = trialStateOf(row, {
      hasValidCard: await canPay(app.db, row.workspaceId, now),
      claimedKeys: await claimedNoticeKeys(app.db, row.id),
    });
    const step = trialStep(state, now.getTime());
    switch (step.kind) {
      case 'none':
        return;
      case 'remind':
        await sendReminder(app, row, step.reminder, now);
        break;
      case 'suspend':
        await suspendTrial(app, row, step.reason, now);
        break;
      case 'convert':
        await convertTrial(app, row, now);
        break;
      case 'remove':
        await removeTrial(app, row, now);
        break;
    }
    row = await findServiceRow(app.db, row.id);
  }
}

/** A card added after the trial service was removed lifts the workspace's blocking closure reason. */
async function liftPaidClosures(app: FastifyInstance, now: Date): Promise<void> {
  for (const ws of await listClosedWorkspaces(app.db)) {
    if (!isBlockingClosureReason(ws.closureReason)) continue;
    if (!(await canPay(app.db, ws.id, now))) continue;
    const suspended = (await listTrialServices(app.db)).some(
      (row) => row.workspaceId === ws.id && isSuspendedByTrial(row),
    );
    // A suspended trial service converts in its own step, which lifts the reason with it.
    if (!suspended) await setClosureReason(app.db, ws.id, null);
  }
}

/**
 * One pass of the trial scheduler: e-mails an earlier pass left unsent, then each trial service's due steps, then
 * closure reasons a card now lifts. Everything it reads and decides comes from the database and app.clock(), so a
 * pass after a crash carries on where the last one stopped, and a second pass at the same time does nothing.
 */
export async function runTrialTick(app: FastifyInstance): Promise<void> {
  const now = app.clock();
  await retryUnsentNotices(app, now);
  for (const row of await listTrialServices(app.db)) {
    try {
      await advanceTrial(app, row, now);
    } catch (error) {
      // One service's failure never stops the others; the next tick tries it again.
      app.log.error({ err: error, serviceId: row.id }, 'Free trial step failed');
    }
  }
  await liftPaidClosures(app, now);
}

/**
 * At once rather than within the minute: what a workspace's trials owe now (for the payments area to call after a
 * card was stored, so a suspended trial service comes back without waiting for the next pass). Never throws.
 */
export async function advanceTrialsOf(app: FastifyInstance, workspaceId: string): Promise<void> {
  try {
    const now = app.clock();
    for (const row of await listTrialServices(app.db)) {
      if (row.workspaceId === workspaceId) await advanceTrial(app, row, now);
    }
    await liftPaidClosures(app, now);
  } catch (error) {
    app.log.error({ err: error, workspaceId }, 'Free trial step failed');
  }
}

/** Runs the trial scheduler when the app is ready and every minute after (like scheduleLogMaintenance). */
export function scheduleTrials(app: FastifyInstance): { runNow(): Promise<void> } {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = (): Promise<void> =>
    (running ??= runTrialTick(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'Free trial scheduler failed'))
      .finally(() => {
        running = undefined;
      }));
  app.addHook('onReady', async () => {
    if (closed) return;
    void run();
    timer = setInterval(() => void run(), TRIAL_TICK_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
  return { runNow: run };
}
