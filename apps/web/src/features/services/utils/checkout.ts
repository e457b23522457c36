import { isCardExpired } from '@herald/contract/billing/card-expiry';
import { isFreeTrialTier } from '@herald/contract/billing/free-trial';
import { clusterSize, estimateCheckoutCost } from '@herald/contract/billing/money';
import { paymentRequirement } from '@herald/contract/billing/payment-requirement';
import type { Tier } from '@herald/contract/metadata/metadata.schema';
import type { CreateServiceRequest } from '@herald/contract/services/service.schema';

/**
 * Tier prices carry no currency in the metadata; the catalogue is priced in US dollars (the
 * spec's "Estimated cost this month: $X").
 */
export const PRICE_CURRENCY = 'USD';

/** Days of the free trial (spec section 9 "Free trial terms"). */
export const FREE_TRIAL_DAYS = 30;

/** What the user has chosen in the create-service dialog. */
export interface CreateServiceValues {
  serviceName: string;
  label: string;
  region: string;
  heraldVersion: string;
  billingPlan: string;
  highAvailability: boolean;
  freeTrial: boolean;
  sensitiveData: boolean;
}

/** What follows from the choices: the rules of spec section 9 "Money" and "Free trial terms". */
export interface CheckoutSummary {
  /** High availability can be chosen: the tier's cluster has more than one node. */
  canUseHighAvailability: boolean;
  isHighAvailability: boolean;
  /** The free-trial switch is offered: the workspace has its trial left and the tier allows one. */
  isFreeTrialOffered: boolean;
  isFreeTrial: boolean;
  nodes: number;
  /** The estimated charge for the rest of this month, in cents. */
  estimateCents: number;
}

export function summariseCheckout(
  values: Pick<CreateServiceValues, 'highAvailability' | 'freeTrial'>,
  tier: Tier | undefined,
  isFreeTrialAvailable: boolean,
  now: Date,
): CheckoutSummary {
  const isFreeTrialOffered = isFreeTrialAvailable && isFreeTrialTier(tier?.billingPlan);
  const isFreeTrial = isFreeTrialOffered && values.freeTrial;
  // A free trial runs on a single instance (spec section 9 "Free trial terms").
  const canUseHighAvailability = tier !== undefined && tier.ha.clusterSize > 1 && !isFreeTrial;
  const isHighAvailability = canUseHighAvailability && values.highAvailability;
  const nodes = tier === undefined ? 1 : clusterSize(tier, isHighAvailability);
  const estimateCents =
    tier === undefined || isFreeTrial
      ? 0
      : estimateCheckoutCost({ perNodeCents: tier.pricing.perNode, nodes, now });
  return {
    canUseHighAvailability,
    isHighAvailability,
    isFreeTrialOffered,
    isFreeTrial,
    nodes,
    estimateCents,
  };
}

/**
 * The body of POST /v3/service/create: exactly what the user chose. The label only when one was
 * given, the free trial only when it was offered; high availability as it applies to the tier.
 */
export function buildCreateServiceRequest(
  workspaceId: string,
  values: CreateServiceValues,
  summary: CheckoutSummary,
): CreateServiceRequest {
  const label = values.label.trim();
  return {
    workspaceId,
    serviceName: values.serviceName.trim(),
    ...(label === '' ? {} : { label }),
    region: values.region,
    billingPlan: values.billingPlan,
    heraldVersion: values.heraldVersion,
    highAvailability: summary.isHighAvailability,
    sensitiveData: values.sensitiveData,
    ...(summary.isFreeTrialOffered ? { freeTrial: summary.isFreeTrial } : {}),
  };
}

/** Cents as money: whole units when there are no cents ($0, $25), else two decimals ($12.50). */
export function formatMoney(cents: number, currency: string = PRICE_CURRENCY): string {
  const isWhole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: isWhole ? 0 : 2,
    maximumFractionDigits: isWhole ? 0 : 2,
  }).format(cents / 100);
}

/** The form's values from a resumed checkout's request (spec section 3 resumeCheckout). */
export function formValuesOf(request: CreateServiceRequest): Partial<CreateServiceValues> {
  return {
    serviceName: request.serviceName,
    label: request.label ?? '',
    region: request.region,
    ...(request.heraldVersion === undefined ? {} : { heraldVersion: request.heraldVersion }),
    billingPlan: request.billingPlan,
    highAvailability: request.highAvailability === true,
    freeTrial: request.freeTrial === true,
    sensitiveData: request.sensitiveData === true,
  };
}

export interface PaymentExemption {
  paymentMethodExempted: boolean;
  manuallyBilled: boolean;
}

/**
 * Whether creating the chosen service goes through checkout first (issue 13): a paid tier outside a free trial,
 * a workspace that is not exempted or manually billed, and no valid card on file (a card is expired after the end
 * of its expiry month, spec section 5). The contract's paymentRequirement is the rule the server applies too.
 */
export function needsCheckout(
  tier: Tier | undefined,
  summary: Pick<CheckoutSummary, 'isFreeTrial'>,
  workspace: PaymentExemption,
  card: { exp_year: number; exp_month: number } | null | undefined,
  now: Date,
): boolean {
  if (tier === undefined) return false;
  const hasPaymentMethod = card !== null && card !== undefined && !isCardExpired(card, now);
  return paymentRequirement({ tier, freeTrial: summary.isFreeTrial, workspace, hasPaymentMethod })
    .required;
}
