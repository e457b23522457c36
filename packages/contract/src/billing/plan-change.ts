import { ERROR_CODES } from '../api/errors';
import { SERVICE_MESSAGES } from '../messages';
import { clusterSize, estimateCheckoutCost, sortTiersByPrice } from './money';

/**
 * Plan upgrades and cluster resizes (spec sections 2 and 8, issue 13): which tiers a service can move to and what the
 * move costs for the rest of this month. The estimate is the prorated difference of the monthly prices, like the
 * create-service estimate (section 9 "Money": prorated over the rest of the month in GMT, rounded up).
 */

export interface PlanTier {
  billingPlan: string;
  displayName: string;
  pricing: { perNode: number };
  ha: { clusterSize: number };
}

export interface PlanChangeService {
  billingPlan: string;
  /** Nodes it runs on now; more than 1 means high availability (section 9). */
  noOfNodes: number;
}

/** High availability means the node count is more than 1 (spec section 9). */
export function isHighAvailability(service: Pick<PlanChangeService, 'noOfNodes'>): boolean {
  return service.noOfNodes > 1;
}

/** The tiers priced above the service's current one, cheapest first; none when its tier is unknown. */
export function higherTiers<T extends PlanTier>(
  tiers: readonly T[],
  service: PlanChangeService,
): T[] {
  const current = tiers.find((tier) => tier.billingPlan === service.billingPlan);
  if (current === undefined) return [];
  return sortTiersByPrice(tiers).filter((tier) => tier.pricing.perNode > current.pricing.perNode);
}

/** A month's price of a tier on `nodes` nodes, in cents. */
function monthlyCents(tier: PlanTier, nodes: number): number {
  return tier.pricing.perNode * nodes;
}

/**
 * The estimated extra charge this month, in cents, of moving `service` (on `current`) to `target` with high
 * availability on or off: the difference of the monthly prices prorated over the rest of the month, rounded up;
 * 0 when the new price is not higher.
 */
export function planChangeEstimate(input: {
  current: PlanTier;
  currentNodes: number;
  target: PlanTier;
  highAvailability: boolean;
  now: Date;
}): { nodes: number; monthlyDifferenceCents: number; estimateCents: number } {
  const nodes = clusterSize(input.target, input.highAvailability);
  const monthlyDifferenceCents =
    monthlyCents(input.target, nodes) - monthlyCents(input.current, input.currentNodes);
  const estimateCents =
    monthlyDifferenceCents <= 0
      ? 0
      : estimateCheckoutCost({ perNodeCents: monthlyDifferenceCents, nodes: 1, now: input.now });
  return { nodes, monthlyDifferenceCents, estimateCents };
}

/**
 * Whether the service's tier offers a resize: its high-availability cluster has more than one node. A free trial
 * runs on a single instance (section 9), so it cannot.
 */
export function canResizeCluster(tier: PlanTier | undefined, freeTrial: boolean): boolean {
  return tier !== undefined && tier.ha.clusterSize > 1 && tier.pricing.perNode > 0 && !freeTrial;
}

/** The calls whose payment failures section 8 words (the checkout purposes of an upgrade). */
export type PlanChangeCall = 'upgrade-service-plan' | 'resize-cluster';

/**
 * Spec section 8 "Service and billing": upgrade-service-plan answering 500 'Error updating subscription' (code
 * PAYMENT_FAILED) shows the payment-problem text; resize-cluster 500 the same wording about the cluster resize.
 * Null for any other failure (it takes the general fallback order).
 */
export function planChangeFailureText(
  call: PlanChangeCall,
  failure: { status?: unknown; code?: unknown; serverMessage?: unknown },
): string | null {
  if (failure.status !== 500) return null;
  const isPaymentFailure =
    failure.code === ERROR_CODES.paymentFailed ||
    failure.serverMessage === SERVICE_MESSAGES.errorUpdatingSubscription;
  if (!isPaymentFailure) return null;
  return call === 'upgrade-service-plan'
    ? SERVICE_MESSAGES.upgradePaymentProblem
    : SERVICE_MESSAGES.resizePaymentProblem;
}
