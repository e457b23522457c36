import { describe, expect, it } from 'vitest';
import { formatMessageCount } from '../billing/free-trial-mail';
import { FREE_TRIAL_ADAPTER_MESSAGE_LIMIT } from '../constants';
import { KAFKA_MESSAGES } from '../messages';
import {
  adapterTrialCapReached,
  adapterTrialCapRefusal,
  adaptersOverTrialCap,
} from './kafka-adapter-trial-cap';

const LIMIT = FREE_TRIAL_ADAPTER_MESSAGE_LIMIT;

describe('the free trial adapter cap (section 9)', () => {
  it.each([
    ['a trial far below the cap', 'freeTrial', 0, false],
    ['a trial one message below the cap', 'freeTrial', LIMIT - 1, false],
    ['a trial exactly at the cap', 'freeTrial', LIMIT, true],
    ['a trial past the cap', 'freeTrial', LIMIT + 5_000, true],
    ['a paid service past the cap', 'small', LIMIT * 3, false],
    ['a free-tier service past the cap', 'free', LIMIT * 3, false],
  ] as const)('%s: reached is %s', (_case, billingPlan, adapterMessagesUsed, reached) => {
    expect(adapterTrialCapReached({ billingPlan, adapterMessagesUsed })).toBe(reached);
    expect(adapterTrialCapRefusal({ billingPlan, adapterMessagesUsed })).toBe(
      reached ? KAFKA_MESSAGES.freeTrialAdapterLimitReached : null,
    );
  });

  it.each([
    ['below the cap: none', 'freeTrial', LIMIT - 1, []],
    ['at the cap: the active ones only', 'freeTrial', LIMIT, ['a1']],
    ['a paid service: none', 'medium', LIMIT + 1, []],
  ] as const)('deactivates %s', (_case, billingPlan, adapterMessagesUsed, expected) => {
    const adapters = [
      { id: 'a1', active: true },
      { id: 'a2', active: false },
    ];
    expect(adaptersOverTrialCap({ billingPlan, adapterMessagesUsed, adapters })).toEqual(expected);
  });

  it('names the limit the constant sets', () => {
    expect(KAFKA_MESSAGES.freeTrialAdapterLimitReached).toContain(formatMessageCount(LIMIT));
  });
});
