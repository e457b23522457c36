import { planChangeEstimate } from './plan-change';
import type { PlanTier } from './plan-change';

/**
 * Whether a plan change is allowed, and into what (issue 13; spec sections 2 and 8): the rules PUT
 * upgrade-service-plan and resize-cluster apply, and a checkout for one checks when it starts and again when its
 * completion event is applied. The charge is plan-change.ts's estimate (the one the dashboard shows).
 */
export interface PlanChangeRulesService {
  billingPlan: string;
  /** The tier a free-trial service runs as (its `provisioningPlan`). */
  provisioningPlan: string | null;
  freeTrial: boolean;
  noOfNodes: number;
}

export type PlanChangeRequest =
  | { kind: 'upgrade-service-plan'; billingPlan: string }
  | { kind: 'resize-cluster'; highAvailability: boolean };

export const PLAN_CHANGE_MESSAGES = {
  /** Section 2: on the free plan the upgrade button opens the unable-to-downgrade modal instead of a checkout. */
  freePlanCannotChange:
    'A service on the Free plan cannot change its plan. Create a new service on a paid plan instead.',
  noChangeToFree: 'A service cannot be moved to the Free plan.',
  unknownPlan: (plan: string) => `Unknown billing plan '${plan}'`,
  samePlan: (displayName: string) => `The service is already on the ${displayName} plan.`,
  freeTrialCannotResize:
    'A free-trial service runs on a single instance: upgrade it to a paid plan first.',
  sameSize: (highAvailability: boolean) =>
    highAvailability
      ? 'The service already runs with high availability.'
      : 'The service already runs on a single node.',
  noHighAvailability: (displayName: string) =>
    `The ${displayName} plan offers no high-availability cluster.`,
} as const;

export type PlanChangeVerdict =
  | {
      ok: true;
      billingPlan: string;
      noOfNodes: number;
      /** The new tier (its display name names the plan in a 402). */
      tier: PlanTier;
      /** Cents due now: the prorated difference for the rest of the month (GMT), rounded up, never negative. */
      chargeCents: number;
      /** Whether the change ends a free trial. */
      endsFreeTrial: boolean;
    }
  | { ok: false; field: 'billingPlan' | 'highAvailability'; message: string };

/**
 * Whether `request` may change `service`, and into what: a Free-plan service cannot change plan (section 2), nothing
 * changes to Free, a free-trial service can be upgraded to a paid plan (which ends the trial; it cost nothing so
 * far) but not resized, and a change must change something. An upgrade keeps high availability when it is on.
 */
export function planChangeVerdict(input: {
  service: PlanChangeRulesService;
  request: PlanChangeRequest;
  tierOf: (billingPlan: string) => PlanTier | undefined;
  now: Date;
}): PlanChangeVerdict {
  const { service, request, tierOf, now } = input;
  const currentPlan = service.freeTrial
    ? (service.provisioningPlan ?? service.billingPlan)
    : service.billingPlan;
  const current = tierOf(currentPlan);
  const field = request.kind === 'upgrade-service-plan' ? 'billingPlan' : 'highAvailability';
  if (!service.freeTrial && (current?.pricing.perNode ?? 0) <= 0) {
    return { ok: false, field, message: PLAN_CHANGE_MESSAGES.freePlanCannotChange };
  }
  if (!current) return { ok: false, field, message: PLAN_CHANGE_MESSAGES.unknownPlan(currentPlan) };
  // What the service costs now: nothing during a free trial.
  const paying = service.freeTrial ? { ...current, pricing: { perNode: 0 } } : current;
  const highAvailability =
    request.kind === 'resize-cluster' ? request.highAvailability : service.noOfNodes > 1;

  if (request.kind === 'upgrade-service-plan') {
    const target = tierOf(request.billingPlan);
    if (!target) {
      return { ok: false, field, message: PLAN_CHANGE_MESSAGES.unknownPlan(request.billingPlan) };
    }
    if (target.pricing.perNode <= 0) {
      return { ok: false, field, message: PLAN_CHANGE_MESSAGES.noChangeToFree };
    }
    if (!service.freeTrial && target.billingPlan === service.billingPlan) {
      return { ok: false, field, message: PLAN_CHANGE_MESSAGES.samePlan(target.displayName) };
    }
    const estimate = planChangeEstimate({
      current: paying,
      currentNodes: service.noOfNodes,
      target,
      highAvailability,
      now,
    });
    return {
      ok: true,
      billingPlan: target.billingPlan,
      noOfNodes: estimate.nodes,
      tier: target,
      chargeCents: estimate.estimateCents,
      endsFreeTrial: service.freeTrial,
    };
  }

  if (service.freeTrial) {
    return { ok: false, field, message: PLAN_CHANGE_MESSAGES.freeTrialCannotResize };
  }
  if (request.highAvailability && current.ha.clusterSize <= 1) {
    return {
      ok: false,
      field,
      message: PLAN_CHANGE_MESSAGES.noHighAvailability(current.displayName),
    };
  }
  const estimate = planChangeEstimate({
    current,
    currentNodes: service.noOfNodes,
    target: current,
    highAvailability,
    now,
  });
  if (estimate.nodes === service.noOfNodes) {
    return { ok: false, field, message: PLAN_CHANGE_MESSAGES.sameSize(request.highAvailability) };
  }
  return {
    ok: true,
    billingPlan: current.billingPlan,
    noOfNodes: estimate.nodes,
    tier: current,
    chargeCents: estimate.estimateCents,
    endsFreeTrial: false,
  };
}
