import { isBlockingClosureReason } from '@herald/contract/billing/account-closure';
import type { TrialState } from '@herald/contract/billing/free-trial-step';
import { DAY_REMINDERS, USAGE_REMINDER } from '@herald/contract/billing/free-trial-timeline';
import type { TrialReminder } from '@herald/contract/billing/free-trial-timeline';
import type { ServiceRow } from '../service/service.repository';

/** A reminder's once-only key: per trial end, so an extended trial gets its day reminders again. */
export function reminderKey(reminder: TrialReminder, endsAt: number): string {
  return `${reminder}@${String(endsAt)}`;
}

/** Whether the trial suspended this service (and it is waiting for a card or its removal). */
export function isSuspendedByTrial(
  row: Pick<ServiceRow, 'desiredState' | 'suspensionReason'>,
): boolean {
  return row.desiredState === 'suspended' && isBlockingClosureReason(row.suspensionReason);
}

/** The contract's view of a free-trial service row (trial-step.ts decides what is due from it). */
export function trialStateOf(
  row: ServiceRow,
  context: { hasValidCard: boolean; claimedKeys: ReadonlySet<string> },
): TrialState {
  const endsAt = row.trialEndsAt?.getTime() ?? 0;
  const sentReminders = [...DAY_REMINDERS, USAGE_REMINDER].filter((reminder) =>
    context.claimedKeys.has(reminderKey(reminder, endsAt)),
  );
  return {
    phase:
      row.desiredState === 'deleted'
        ? 'removed'
        : row.billingPlan !== 'freeTrial'
          ? 'paid'
          : isSuspendedByTrial(row)
            ? 'suspended'
            : 'trial',
    endsAt,
    messagesUsed: row.trialMessagesUsed,
    hasValidCard: context.hasValidCard,
    removalDueAt: row.removalDueAt?.getTime() ?? null,
    sentReminders,
  };
}
