import { describe, expect, it } from 'vitest';
import { isFreeTrialTier } from './free-trial';

describe('isFreeTrialTier', () => {
  it.each([
    ['xsmall', true],
    ['small', true],
    ['medium', false],
    ['large', false],
    ['XSmall', false],
    ['Small', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('allows tier %j in a free trial: %s', (tierName, expected) => {
    expect(isFreeTrialTier(tierName)).toBe(expected);
  });
});
