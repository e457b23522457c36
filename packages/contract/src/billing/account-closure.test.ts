import { describe, expect, it } from 'vitest';
import {
  CLOSURE_REASON_TEXT,
  closureBlocksNewServices,
  isAccountClosureReason,
  isBlockingClosureReason,
} from './account-closure';

describe('account closure reasons', () => {
  it.each([
    ['TRIAL_END', true, true],
    ['LIMIT_EXHAUSTED', true, true],
    ['inactive', true, false],
    ['trial_end', false, false],
    [null, false, false],
  ])('%s: a closure reason %s, blocking %s', (reason, known, blocking) => {
    expect(isAccountClosureReason(reason)).toBe(known);
    expect(isBlockingClosureReason(reason)).toBe(blocking);
  });

  it.each([
    ['TRIAL_END', false, true],
    ['TRIAL_END', true, false],
    ['LIMIT_EXHAUSTED', false, true],
    ['inactive', false, false],
    [null, false, false],
  ])('blocks new services with %s and a card %s: %s', (closureReason, hasValidCard, expected) => {
    expect(closureBlocksNewServices({ closureReason, hasValidCard })).toBe(expected);
  });

  it('explains each reason in words for people', () => {
    expect(CLOSURE_REASON_TEXT.LIMIT_EXHAUSTED).toContain('200 million messages');
    expect(CLOSURE_REASON_TEXT.TRIAL_END).toContain('Add a card in Billing');
  });
});
