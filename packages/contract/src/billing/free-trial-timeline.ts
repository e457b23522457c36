import {
  FREE_TRIAL_DAYS,
  FREE_TRIAL_MESSAGE_CAP,
  FREE_TRIAL_REMINDER_DAYS,
  FREE_TRIAL_REMOVAL_DAYS,
  FREE_TRIAL_USAGE_REMINDER_PERCENT,
} from '../constants';

/** One day in milliseconds: trial times are instants (unix ms), days are exact 24-hour spans. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec section 9: a trial ends 30 days after it started (an operator may extend it). */
export function trialEndsAt(startedAt: number, days: number = FREE_TRIAL_DAYS): number {
  return startedAt + days * DAY_MS;
}

/** Spec section 9: a suspended service is removed 30 days after its suspension, unless an operator delayed it. */
export function removalDueAt(suspendedAt: number): number {
  return suspendedAt + FREE_TRIAL_REMOVAL_DAYS * DAY_MS;
}

/** The reminder e-mails of a trial (docs/decisions/025): 7, 3 and 1 day before the end, and 80 % of the cap. */
export type TrialReminder = `ends-in-${(typeof FREE_TRIAL_REMINDER_DAYS)[number]}d` | 'usage-80';

export const DAY_REMINDERS = FREE_TRIAL_REMINDER_DAYS.map(
  (days) => `ends-in-${days}d` as TrialReminder,
);
export const USAGE_REMINDER: TrialReminder = 'usage-80';

/** When a day reminder becomes due: its number of days before the end. */
export function reminderDueAt(reminder: TrialReminder, endsAt: number): number | null {
  const match = /^ends-in-(\d+)d$/.exec(reminder);
  return match ? endsAt - Number(match[1]) * DAY_MS : null;
}

/**
 * The day reminder due at `now`, if any: the most urgent one whose time has come (before the end). A control plane
 * that was down for days sends only the latest reminder, not each one it missed; and once a more urgent reminder was
 * sent, an earlier one is never sent after it.
 */
export function dueDayReminder(
  endsAt: number,
  now: number,
  sent: readonly TrialReminder[],
): TrialReminder | null {
  if (now >= endsAt) return null;
  // Most urgent first: 1 day, 3 days, 7 days.
  const byUrgency = [...FREE_TRIAL_REMINDER_DAYS].sort((a, b) => a - b);
  for (const days of byUrgency) {
    const reminder = `ends-in-${days}d` as TrialReminder;
    if (now >= endsAt - days * DAY_MS) return sent.includes(reminder) ? null : reminder;
  }
  return null;
}

/** The message count at which the usage reminder is due (80 % of the cap). */
export function usageReminderThreshold(cap: number = FREE_TRIAL_MESSAGE_CAP): number {
  return Math.ceil((cap * FREE_TRIAL_USAGE_REMINDER_PERCENT) / 100);
}

/** Whole days left in a trial, rounded up (a trial with 2 h left has "1 day left"); 0 once it ended. */
export function trialDaysLeft(endsAt: number, now: number): number {
  return now >= endsAt ? 0 : Math.ceil((endsAt - now) / DAY_MS);
}
