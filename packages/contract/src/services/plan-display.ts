import { CUSTOM_PLAN_DISPLAY, PLAN_NAMES, PLAN_SPEC_DISPLAY } from '../constants';

/** A base plan name of spec section 9: free, basic or business. */
export type PlanName = (typeof PLAN_NAMES)[number];

/** The plan fields of a service that decide its displayed plan. */
export interface PlanDisplayInput {
  billingPlan: string;
  provisioning?: Record<string, unknown> | null;
}

/** The fields of a metadata tier used to name a plan the product does not know. */
export interface PlanDisplayTier {
  displayName: string;
  billingPlan: string;
}

export interface ParsedPlanName {
  /** The provider of a provider-prefixed plan (`aws` in `aws-free`), null for a bare plan. */
  provider: string | null;
  basePlan: PlanName;
}

/**
 * A provider-prefixed plan is `{provider}-{plan}`: a provider name (a letter, then letters or
 * digits, no dash: `aws`, `awsMarketplace`) followed by one dash and a base plan name, e.g.
 * `aws-free`, `awsMarketplace-basic`. Plan names are wire values and match case-sensitively.
 */
const PLAN_NAME_PATTERN = /^(?:([A-Za-z][A-Za-z0-9]*)-)?(free|basic|business)$/;

function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}

/** Splits `aws-business` into provider `aws` and base plan `business`; null for other plans. */
export function parsePlanName(plan: string): ParsedPlanName | null {
  const match = PLAN_NAME_PATTERN.exec(plan);
  const basePlan = match?.[2];
  if (match === null || basePlan === undefined || !isPlanName(basePlan)) return null;
  return { provider: match[1] ?? null, basePlan };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function hasEntries(provisioning: Record<string, unknown> | null | undefined): boolean {
  return (
    provisioning !== null && provisioning !== undefined && Object.keys(provisioning).length > 0
  );
}

function isSpecPlan(plan: string): plan is keyof typeof PLAN_SPEC_DISPLAY {
  return Object.hasOwn(PLAN_SPEC_DISPLAY, plan);
}

/**
 * The plan name shown for a service (spec section 9 "Plans and services"), first match wins:
 * 1. a non-empty `provisioning` object → 'Custom' (custom provisioning overrides the plan name);
 * 2. spec-1 / spec-2 / spec-3 → Free / Basic / Business;
 * 3. free / basic / business, bare or provider-prefixed → the capitalised base plan;
 * 4. a metadata tier whose billingPlan equals the plan → that tier's displayName;
 * 5. a metadata tier whose displayName equals the plan, ignoring case → that tier's displayName;
 * 6. otherwise the raw plan.
 */
export function planDisplayName(
  service: PlanDisplayInput,
  tiers: readonly PlanDisplayTier[] = [],
): string {
  const plan = service.billingPlan;
  if (hasEntries(service.provisioning)) return CUSTOM_PLAN_DISPLAY;
  if (isSpecPlan(plan)) return PLAN_SPEC_DISPLAY[plan];
  const parsed = parsePlanName(plan);
  if (parsed !== null) return capitalise(parsed.basePlan);
  const byBillingPlan = tiers.find((tier) => tier.billingPlan === plan);
  if (byBillingPlan !== undefined) return byBillingPlan.displayName;
  const lowerPlan = plan.toLowerCase();
  const byDisplayName = tiers.find((tier) => tier.displayName.toLowerCase() === lowerPlan);
  if (byDisplayName !== undefined) return byDisplayName.displayName;
  return plan;
}

/**
 * Spec section 4 "Plan display": upgradeAvailable is true for the plans free and basic and for
 * the two provider-prefixed names `{provider}-free` and `{provider}-business`, exactly that:
 * bare `business`, `{provider}-basic`, spec-N and unknown plans are not upgradable.
 */
export function isUpgradeAvailable(plan: string): boolean {
  if (plan === 'free' || plan === 'basic') return true;
  const parsed = parsePlanName(plan);
  return (
    parsed !== null &&
    parsed.provider !== null &&
    (parsed.basePlan === 'free' || parsed.basePlan === 'business')
  );
}
