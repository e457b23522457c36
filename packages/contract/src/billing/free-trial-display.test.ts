import { describe, expect, it } from 'vitest';
import { trialDisplay } from './free-trial-display';
import { DAY_MS } from './free-trial-timeline';

const NOW = Date.UTC(2027, 0, 20, 12);
const trial = {
  freeTrial: true,
  billingPlan: 'freeTrial',
  status: 'RUNNING',
  suspensionReason: null,
  trialEndsAt: NOW + 11 * DAY_MS + 3_600_000,
  trialMessagesUsed: 163_400_000,
};

describe('trialDisplay', () => {
  it('counts the days left and the messages used', () => {
    expect(trialDisplay(trial, NOW)).toEqual({
      kind: 'trial',
      headline: 'Free trial · 12 days left',
      usage: '163.4 million of 200 million messages used',
      usedPercent: 81.7,
    });
  });

  it.each([
    [DAY_MS, 'Free trial · 1 day left'],
    [1, 'Free trial · 1 day left'],
    [0, 'Free trial · ends within the minute'],
  ])('with %i ms left says "%s"', (left, headline) => {
    expect(trialDisplay({ ...trial, trialEndsAt: NOW + left }, NOW)).toMatchObject({ headline });
  });

  it('says why a trial service is suspended and when it goes', () => {
    expect(
      trialDisplay(
        {
          ...trial,
          status: 'SUSPENDED',
          suspensionReason: 'TRIAL_END',
          removalDueAt: Date.UTC(2027, 2, 11),
        },
        NOW,
      ),
    ).toEqual({
      kind: 'suspended',
      headline: 'Suspended: the free trial ended',
      removal: 'It will be removed on 11 March 2027 unless a card is added.',
    });
    expect(trialDisplay({ ...trial, suspensionReason: 'LIMIT_EXHAUSTED' }, NOW)).toMatchObject({
      headline: 'Suspended: the free trial used all of its messages',
      removal: null,
    });
  });

  it('shows nothing for a paid or free service', () => {
    expect(trialDisplay({ ...trial, billingPlan: 'small', freeTrial: false }, NOW)).toBeNull();
    expect(trialDisplay({ ...trial, billingPlan: 'free', freeTrial: false }, NOW)).toBeNull();
  });

  it('caps the bar at 100 %', () => {
    expect(trialDisplay({ ...trial, trialMessagesUsed: 250_000_000 }, NOW)).toMatchObject({
      usedPercent: 100,
    });
  });
});
