import { FREE_TRIAL_MESSAGE_CAP } from '../constants';
import type { BlockingClosureReason } from './account-closure';
import { dueDayReminder, usageReminderThreshold, USAGE_REMINDER } from './free-trial-timeline';
import type { TrialReminder } from './free-trial-timeline';

/**
 * A free-trial service as the trial scheduler sees it (all instants unix ms). `phase`: `trial` while it runs,
 * `suspended` after a suspension by the trial (reason TRIAL_END or LIMIT_EXHAUSTED), `paid` once converted,
 * `removed` once gone.
 */
export interface TrialState {
  phase: 'trial' | 'suspended' | 'paid' | 'removed';
  endsAt: number;
  /** Billed messages since the trial started. */
  messagesUsed: number;
  messageCap?: number;
  /** A payment method on file that is not expired at `now` (card-expiry.ts), or an operator's payment exemption. */
  hasValidCard: boolean;
  /** When suspended: when it is removed (30 days after the suspension, or an operator's later date). */
  removalDueAt: number | null;
  /** The reminders already sent for this `endsAt` (an extension starts the day reminders afresh). */
  sentReminders: readonly TrialReminder[];
}

/**
 * What is due now (spec section 9 "Free trial terms", docs/decisions/025), one step at a time; the scheduler applies
 * a step and asks again until `none`:
 * - `convert`: the trial ended, or its message cap was reached, with a valid card on file: the service continues on
 *   its tier's paid plan, billed from now. A service suspended by its trial with a card added later converts too
 *   (it resumes).
 * - `suspend`: no valid card at the end (TRIAL_END) or the cap reached (LIMIT_EXHAUSTED); the end wins when both.
 * - `remove`: suspended and its removal date has come.
 * - `remind`: a reminder e-mail is due (before the end only).
 */
export type TrialStep =
  | { kind: 'none' }
  | { kind: 'remind'; reminder: TrialReminder }
  | { kind: 'convert' }
  | { kind: 'suspend'; reason: BlockingClosureReason }
  | { kind: 'remove' };

export function trialStep(state: TrialState, now: number): TrialStep {
  const cap = state.messageCap ?? FREE_TRIAL_MESSAGE_CAP;
  switch (state.phase) {
    case 'paid':
    case 'removed':
      return { kind: 'none' };
    case 'suspended':
      if (state.removalDueAt !== null && now >= state.removalDueAt) return { kind: 'remove' };
      return state.hasValidCard ? { kind: 'convert' } : { kind: 'none' };
    case 'trial': {
      const ended = now >= state.endsAt;
      const capReached = state.messagesUsed >= cap;
      if (ended || capReached) {
        if (state.hasValidCard) return { kind: 'convert' };
        return { kind: 'suspend', reason: ended ? 'TRIAL_END' : 'LIMIT_EXHAUSTED' };
      }
      const day = dueDayReminder(state.endsAt, now, state.sentReminders);
      if (day) return { kind: 'remind', reminder: day };
      if (
        state.messagesUsed >= usageReminderThreshold(cap) &&
        !state.sentReminders.includes(USAGE_REMINDER)
      ) {
        return { kind: 'remind', reminder: USAGE_REMINDER };
      }
      return { kind: 'none' };
    }
  }
}
