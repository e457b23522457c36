import { describe, expect, it } from 'vitest';
import { isUpgradeAvailable, parsePlanName, planDisplayName } from './plan-display';

const tiers = [
  { displayName: 'Developer', billingPlan: 'developer' },
  { displayName: 'Enterprise XL', billingPlan: 'ent-xl-2024' },
];

describe('planDisplayName', () => {
  it.each([
    ['spec-1', 'Free'],
    ['spec-2', 'Basic'],
    ['spec-3', 'Business'],
    ['free', 'Free'],
    ['basic', 'Basic'],
    ['business', 'Business'],
    ['aws-free', 'Free'],
    ['aws-basic', 'Basic'],
    ['aws-business', 'Business'],
    ['awsMarketplace-basic', 'Basic'],
    ['gcp2-business', 'Business'],
  ])('shows plan %s as %s', (billingPlan, expected) => {
    expect(planDisplayName({ billingPlan })).toBe(expected);
  });

  it.each([
    ['free', { nodes: 3 }],
    ['spec-2', { memory: '4GB' }],
    ['aws-business', { nodes: 1 }],
    ['something-unknown', { a: null }],
  ])(
    'shows plan %s with a non-empty provisioning object as Custom',
    (billingPlan, provisioning) => {
      expect(planDisplayName({ billingPlan, provisioning }, tiers)).toBe('Custom');
    },
  );

  it.each([
    ['an empty provisioning object', {}],
    ['a null provisioning', null],
    ['no provisioning', undefined],
  ])('does not show Custom for %s', (_label, provisioning) => {
    expect(planDisplayName({ billingPlan: 'basic', provisioning })).toBe('Basic');
  });

  it.each([
    ['developer', 'Developer', 'the tier whose billingPlan matches'],
    ['ent-xl-2024', 'Enterprise XL', 'the tier whose billingPlan matches'],
    ['enterprise xl', 'Enterprise XL', 'the tier whose displayName matches ignoring case'],
    ['DEVELOPER', 'Developer', 'the tier whose displayName matches ignoring case'],
  ])('shows unknown plan %s as %s from %s', (billingPlan, expected) => {
    expect(planDisplayName({ billingPlan }, tiers)).toBe(expected);
  });

  it('prefers a tier whose billingPlan matches over one whose displayName matches', () => {
    const clashing = [
      { displayName: 'gold', billingPlan: 'other' },
      { displayName: 'Gold Plan', billingPlan: 'gold' },
    ];
    expect(planDisplayName({ billingPlan: 'gold' }, clashing)).toBe('Gold Plan');
  });

  it.each([
    ['premium', []],
    ['premium', tiers],
    ['Free-tier', tiers],
    ['aws-', tiers],
    ['-free', tiers],
    ['aws-gcp-free', tiers],
    ['FREE', []],
    ['spec-4', tiers],
    ['', tiers],
  ])('shows unknown plan %j unchanged when no tier matches', (billingPlan, tierList) => {
    expect(planDisplayName({ billingPlan }, tierList)).toBe(billingPlan);
  });

  it('does not let a tier rename a known plan', () => {
    expect(
      planDisplayName({ billingPlan: 'free' }, [{ displayName: 'Hobby', billingPlan: 'free' }]),
    ).toBe('Free');
  });
});

describe('parsePlanName', () => {
  it.each([
    ['free', { provider: null, basePlan: 'free' }],
    ['business', { provider: null, basePlan: 'business' }],
    ['aws-free', { provider: 'aws', basePlan: 'free' }],
    ['awsMarketplace-basic', { provider: 'awsMarketplace', basePlan: 'basic' }],
  ])('reads %s as %j', (plan, expected) => {
    expect(parsePlanName(plan)).toEqual(expected);
  });

  it.each(['spec-1', 'freeTrial', 'aws-premium', 'aws_free', '1aws-free', 'aws-free-2', 'Basic'])(
    'does not read %s as a known plan',
    (plan) => {
      expect(parsePlanName(plan)).toBeNull();
    },
  );
});

describe('isUpgradeAvailable', () => {
  it.each([
    ['free', true],
    ['basic', true],
    ['aws-free', true],
    ['aws-business', true],
    ['awsMarketplace-free', true],
    ['awsMarketplace-business', true],
    ['business', false],
    ['aws-basic', false],
    ['awsMarketplace-basic', false],
    ['spec-1', false],
    ['spec-2', false],
    ['freeTrial', false],
    ['premium', false],
    ['Free', false],
    ['', false],
  ])('says an upgrade of plan %j is available: %s', (plan, expected) => {
    expect(isUpgradeAvailable(plan)).toBe(expected);
  });
});
