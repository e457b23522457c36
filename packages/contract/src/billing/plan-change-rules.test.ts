import { describe, expect, it } from 'vitest';
import type { PlanTier } from './plan-change';
import { PLAN_CHANGE_MESSAGES, planChangeVerdict } from './plan-change-rules';
import type { PlanChangeRulesService } from './plan-change-rules';

const TIERS: PlanTier[] = [
  { billingPlan: 'free', displayName: 'Free', pricing: { perNode: 0 }, ha: { clusterSize: 1 } },
  {
    billingPlan: 'xsmall',
    displayName: 'XSmall',
    pricing: { perNode: 2900 },
    ha: { clusterSize: 1 },
  },
  {
    billingPlan: 'small',
    displayName: 'Small',
    pricing: { perNode: 9900 },
    ha: { clusterSize: 3 },
  },
  {
    billingPlan: 'medium',
    displayName: 'Medium',
    pricing: { perNode: 29900 },
    ha: { clusterSize: 3 },
  },
];
const tierOf = (plan: string) => TIERS.find((tier) => tier.billingPlan === plan);
// 2026-04-16T00:00:00Z: 15 of April's 30 days are left, so half a month's difference is due.
const MID_APRIL = new Date(Date.UTC(2026, 3, 16));
const service = (overrides: Partial<PlanChangeRulesService> = {}): PlanChangeRulesService => ({
  billingPlan: 'small',
  provisioningPlan: 'small',
  freeTrial: false,
  noOfNodes: 1,
  ...overrides,
});
const verdictOf = (
  current: PlanChangeRulesService,
  request: Parameters<typeof planChangeVerdict>[0]['request'],
) => planChangeVerdict({ service: current, request, tierOf, now: MID_APRIL });

describe('planChangeVerdict', () => {
  it.each([
    [
      'a Free-plan service cannot change plan (unable-to-downgrade modal)',
      service({ billingPlan: 'free', provisioningPlan: 'free' }),
      { kind: 'upgrade-service-plan', billingPlan: 'medium' } as const,
      'billingPlan',
      PLAN_CHANGE_MESSAGES.freePlanCannotChange,
    ],
    [
      'a Free-plan service cannot be resized',
      service({ billingPlan: 'free', provisioningPlan: 'free' }),
      { kind: 'resize-cluster', highAvailability: true } as const,
      'highAvailability',
      PLAN_CHANGE_MESSAGES.freePlanCannotChange,
    ],
    [
      'nothing changes to Free',
      service(),
      { kind: 'upgrade-service-plan', billingPlan: 'free' } as const,
      'billingPlan',
      PLAN_CHANGE_MESSAGES.noChangeToFree,
    ],
    [
      'an unknown plan',
      service(),
      { kind: 'upgrade-service-plan', billingPlan: 'huge' } as const,
      'billingPlan',
      PLAN_CHANGE_MESSAGES.unknownPlan('huge'),
    ],
    [
      'the same plan',
      service(),
      { kind: 'upgrade-service-plan', billingPlan: 'small' } as const,
      'billingPlan',
      PLAN_CHANGE_MESSAGES.samePlan('Small'),
    ],
    [
      'a free trial is not resized',
      service({ billingPlan: 'freeTrial', freeTrial: true }),
      { kind: 'resize-cluster', highAvailability: true } as const,
      'highAvailability',
      PLAN_CHANGE_MESSAGES.freeTrialCannotResize,
    ],
    [
      'the same size',
      service({ noOfNodes: 3 }),
      { kind: 'resize-cluster', highAvailability: true } as const,
      'highAvailability',
      PLAN_CHANGE_MESSAGES.sameSize(true),
    ],
    [
      'a tier without HA',
      service({ billingPlan: 'xsmall', provisioningPlan: 'xsmall' }),
      { kind: 'resize-cluster', highAvailability: true } as const,
      'highAvailability',
      PLAN_CHANGE_MESSAGES.noHighAvailability('XSmall'),
    ],
  ])('refuses: %s', (_name, current, request, field, message) => {
    expect(verdictOf(current, request)).toEqual({ ok: false, field, message });
  });

  it('upgrades a paid plan, charging half the difference mid-month', () => {
    expect(
      verdictOf(service(), { kind: 'upgrade-service-plan', billingPlan: 'medium' }),
    ).toMatchObject({
      ok: true,
      billingPlan: 'medium',
      noOfNodes: 1,
      chargeCents: 10000,
      endsFreeTrial: false,
    });
  });

  it('keeps high availability on an upgrade (the new tier cluster size)', () => {
    expect(
      verdictOf(service({ noOfNodes: 3 }), { kind: 'upgrade-service-plan', billingPlan: 'medium' }),
    ).toMatchObject({ ok: true, noOfNodes: 3, chargeCents: 30000 });
  });

  it('a move down to a cheaper paid plan charges nothing', () => {
    expect(
      verdictOf(service({ billingPlan: 'medium', provisioningPlan: 'medium' }), {
        kind: 'upgrade-service-plan',
        billingPlan: 'small',
      }),
    ).toMatchObject({ ok: true, billingPlan: 'small', chargeCents: 0 });
  });

  it('upgrades a free trial to a paid plan (ending it), even to its own tier, at the prorated full price', () => {
    expect(
      verdictOf(service({ billingPlan: 'freeTrial', provisioningPlan: 'small', freeTrial: true }), {
        kind: 'upgrade-service-plan',
        billingPlan: 'small',
      }),
    ).toMatchObject({ ok: true, billingPlan: 'small', chargeCents: 4950, endsFreeTrial: true });
  });

  it('resizes to the tier cluster size (charged) and back (free)', () => {
    expect(verdictOf(service(), { kind: 'resize-cluster', highAvailability: true })).toMatchObject({
      ok: true,
      billingPlan: 'small',
      noOfNodes: 3,
      chargeCents: 9900,
    });
    expect(
      verdictOf(service({ noOfNodes: 3 }), { kind: 'resize-cluster', highAvailability: false }),
    ).toMatchObject({ ok: true, noOfNodes: 1, chargeCents: 0 });
  });

  it('rounds the prorated charge up to a whole cent', () => {
    // 2026-04-16T00:00:01Z: a second past the half, so 10000 × (1 − 1/2,592,000 × …) is not whole: rounded up.
    const verdict = planChangeVerdict({
      service: service(),
      request: { kind: 'upgrade-service-plan', billingPlan: 'medium' },
      tierOf,
      now: new Date(Date.UTC(2026, 3, 16, 0, 0, 1)),
    });
    expect(verdict).toMatchObject({ ok: true, chargeCents: 10000 });
  });
});
