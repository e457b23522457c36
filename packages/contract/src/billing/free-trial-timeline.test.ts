import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_MESSAGE_CAP } from '../constants';
import {
  DAY_MS,
  dueDayReminder,
  reminderDueAt,
  removalDueAt,
  trialDaysLeft,
  trialEndsAt,
  usageReminderThreshold,
} from './free-trial-timeline';

const START = Date.UTC(2027, 2, 20, 0, 0);

describe('the trial timeline', () => {
  it('ends 30 days after the start, across a DST change in Europe (days are 24 h in UTC)', () => {
    expect(new Date(trialEndsAt(START)).toISOString()).toBe('2027-04-19T00:00:00.000Z');
    expect(new Date(trialEndsAt(START, 40)).toISOString()).toBe('2027-04-29T00:00:00.000Z');
  });

  it('removes 30 days after the suspension', () => {
    expect(removalDueAt(START) - START).toBe(30 * DAY_MS);
  });

  it('places the day reminders 7, 3 and 1 day before the end', () => {
    const end = trialEndsAt(START);
    expect(reminderDueAt('ends-in-7d', end)).toBe(end - 7 * DAY_MS);
    expect(reminderDueAt('ends-in-3d', end)).toBe(end - 3 * DAY_MS);
    expect(reminderDueAt('ends-in-1d', end)).toBe(end - DAY_MS);
    expect(reminderDueAt('usage-80', end)).toBeNull();
    expect(dueDayReminder(end, end, [])).toBeNull();
  });

  it('puts the usage reminder at 80 % of the cap', () => {
    expect(usageReminderThreshold()).toBe(160_000_000);
    expect(usageReminderThreshold(FREE_TRIAL_MESSAGE_CAP * 2)).toBe(320_000_000);
    expect(usageReminderThreshold(3)).toBe(3);
  });

  it.each([
    [0, 30],
    [1, 30],
    [DAY_MS, 29],
    [29 * DAY_MS + 1, 1],
    [30 * DAY_MS - 1, 1],
    [30 * DAY_MS, 0],
    [31 * DAY_MS, 0],
  ])('counts the days left %i ms into the trial: %i', (elapsed, expected) => {
    expect(trialDaysLeft(trialEndsAt(START), START + elapsed)).toBe(expected);
  });
});
