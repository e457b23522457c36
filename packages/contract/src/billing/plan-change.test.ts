import { describe, expect, it } from 'vitest';
import {
  canResizeCluster,
  higherTiers,
  isHighAvailability,
  planChangeEstimate,
  planChangeFailureText,
  type PlanChangeCall,
  type PlanTier,
} from './plan-change';

const tier = (billingPlan: string, perNode: number, clusterSize = 3): PlanTier => ({
  billingPlan,
  displayName: billingPlan.toUpperCase(),
  pricing: { perNode },
  ha: { clusterSize },
});
const free = tier('free', 0, 1);
const xsmall = tier('xsmall', 2900, 1);
const small = tier('small', 9900);
const medium = tier('medium', 29900);
const large = tier('large', 89900);
const catalogue = [large, free, small, medium, xsmall];

describe('higherTiers', () => {
  it.each([
    ['free', ['xsmall', 'small', 'medium', 'large']],
    ['xsmall', ['small', 'medium', 'large']],
    ['medium', ['large']],
    ['large', []],
    ['unknown', []],
  ])('offers a %s service %j, cheapest first', (billingPlan, expected) => {
    expect(higherTiers(catalogue, { billingPlan, noOfNodes: 1 }).map((t) => t.billingPlan)).toEqual(
      expected,
    );
  });
});

describe('planChangeEstimate', () => {
  // 2026-11-16T00:00:00Z: 15 of November's 30 days are left, exactly half the month.
  const halfway = new Date('2026-11-16T00:00:00Z');

  it.each([
    // from, nodes now, to, HA, nodes after, monthly difference, estimate (half, rounded up)
    [xsmall, 1, small, false, 1, 7000, 3500],
    [xsmall, 1, small, true, 3, 26800, 13400],
    [small, 3, medium, true, 3, 60000, 30000],
    [small, 1, small, true, 3, 19800, 9900],
    [small, 3, small, false, 1, -19800, 0],
    [free, 1, xsmall, false, 1, 2900, 1450],
    [tier('odd', 1, 1), 1, tier('odder', 4, 1), false, 1, 3, 2],
  ])(
    '%o on %i node(s) to %o (HA %s) runs on %i node(s), +%i a month, %i this month',
    (current, currentNodes, target, highAvailability, nodes, monthly, estimate) => {
      expect(
        planChangeEstimate({ current, currentNodes, target, highAvailability, now: halfway }),
      ).toEqual({ nodes, monthlyDifferenceCents: monthly, estimateCents: estimate });
    },
  );

  it('charges the whole difference at the first instant of a month', () => {
    expect(
      planChangeEstimate({
        current: xsmall,
        currentNodes: 1,
        target: small,
        highAvailability: false,
        now: new Date('2026-12-01T00:00:00Z'),
      }).estimateCents,
    ).toBe(7000);
  });
});

describe('resizing', () => {
  it.each([
    [small, false, true],
    [small, true, false],
    [xsmall, false, false],
    [free, false, false],
    [undefined, false, false],
  ])('a service on %o (free trial %s) can resize: %s', (current, freeTrial, expected) => {
    expect(canResizeCluster(current, freeTrial)).toBe(expected);
  });

  it.each([
    [1, false],
    [2, true],
    [3, true],
  ])('%i node(s) is high availability: %s', (noOfNodes, expected) => {
    expect(isHighAvailability({ noOfNodes })).toBe(expected);
  });
});

describe('planChangeFailureText (spec section 8)', () => {
  const upgradeText =
    'The service upgrade failed due to a payment related problem. Please check that the payment details on your account are correct and current.';
  const resizeText =
    'The cluster resize failed due to a payment related problem. Please check that the payment details on your account are correct and current.';

  it.each<[PlanChangeCall, object, string | null]>([
    [
      'upgrade-service-plan',
      { status: 500, serverMessage: 'Error updating subscription' },
      upgradeText,
    ],
    [
      'upgrade-service-plan',
      { status: 500, code: 'PAYMENT_FAILED', serverMessage: 'x' },
      upgradeText,
    ],
    ['resize-cluster', { status: 500, serverMessage: 'Error updating subscription' }, resizeText],
    ['resize-cluster', { status: 500, code: 'PAYMENT_FAILED' }, resizeText],
    [
      'upgrade-service-plan',
      { status: 500, code: 'INTERNAL_ERROR', serverMessage: 'Internal' },
      null,
    ],
    ['upgrade-service-plan', { status: 402, code: 'PAYMENT_REQUIRED' }, null],
    ['resize-cluster', { status: 400, serverMessage: 'Error updating subscription' }, null],
    ['resize-cluster', {}, null],
  ])('%s failing with %o shows %s', (call, failure, expected) => {
    expect(planChangeFailureText(call, failure)).toBe(expected);
  });
});
