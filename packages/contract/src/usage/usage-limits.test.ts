import { describe, expect, it } from 'vitest';
import { USAGE_MAX_RANGE_SECONDS, usageLimitProblem, usageStep } from './usage-limits';

const DAY = 86_400;

describe('usage call limits', () => {
  it('uses the caller step, else the default step of the range', () => {
    expect(usageStep({ from: 0, to: 3600, customStep: 300 })).toBe(300);
    expect(usageStep({ from: 0, to: 3600 })).toBe(60);
    expect(usageStep({ from: 0, to: 30 * DAY })).toBe(DAY);
  });

  it('accepts a range of exactly 400 days and 10,000 steps', () => {
    expect(usageLimitProblem({ from: 0, to: USAGE_MAX_RANGE_SECONDS })).toBeNull();
    expect(usageLimitProblem({ from: 0, to: 10_000 * 60, customStep: 60 })).toBeNull();
  });

  it('refuses a range longer than 400 days, naming to', () => {
    expect(usageLimitProblem({ from: 0, to: USAGE_MAX_RANGE_SECONDS + 1 })).toEqual({
      field: 'to',
      message: 'The range from from to to is longer than 400 days',
    });
  });

  it('refuses more than 10,000 steps, naming customStep', () => {
    expect(usageLimitProblem({ from: 0, to: 10_000 * 60 + 1, customStep: 60 })).toEqual({
      field: 'customStep',
      message: 'customStep gives 10001 steps over the range; at most 10000 are allowed',
    });
  });
});
