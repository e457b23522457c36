import type { CreateServiceRequest } from '../services/service.schema';
import { checkoutStateSchema, type CheckoutState } from './billing.schema';
import type { StartCheckoutRequest } from './checkout.schema';

/**
 * The checkout state of spec section 3: what the browser keeps (sessionStorage) across the redirect to the payment
 * provider and back to /checkout/success or /checkout/failure, so the user can resume where they were.
 */

/** The sessionStorage key; one checkout at a time per tab. */
export const CHECKOUT_STATE_STORAGE_KEY = 'herald.checkoutState';

/**
 * A saved state older than this is forgotten: a provider's checkout session expires after 24 hours (Stripe's
 * default), after which there is nothing to come back from (docs/decisions/027-billing-screens.md).
 */
export const CHECKOUT_STATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The upgrade purposes a checkout can carry (section 8 call names). */
export type UpgradeType = 'upgrade-service-plan' | 'resize-cluster';

/** The state saved before leaving for a checkout that creates a paid service. */
export function createServiceCheckoutState(
  request: CreateServiceRequest,
  options: { generatedServiceName?: string; regionPlaceholder?: string; now: Date },
): CheckoutState {
  return {
    inProgress: true,
    resumeCheckout: false,
    isUpgrade: false,
    ...(options.generatedServiceName === undefined
      ? {}
      : { generatedServiceName: options.generatedServiceName }),
    serviceName: request.serviceName,
    selectedRegion: request.region,
    workspaceId: request.workspaceId,
    ...(options.regionPlaceholder === undefined
      ? {}
      : { regionPlaceholder: options.regionPlaceholder }),
    isFreeTrialActivation: request.freeTrial === true,
    billingPlan: request.billingPlan,
    serviceSpecifications: {
      tier: request.billingPlan,
      highAvailability: request.highAvailability === true,
      ...(request.heraldVersion === undefined ? {} : { heraldVersion: request.heraldVersion }),
    },
    sensitiveDataFlag: request.sensitiveData === true,
    ...(request.label === undefined ? {} : { label: request.label }),
    checkoutRequestedAt: options.now.getTime(),
  };
}

/** The state saved before leaving for a checkout that upgrades a plan or resizes a cluster. */
export function upgradeCheckoutState(
  upgrade:
    | { upgradeType: 'upgrade-service-plan'; billingPlan: string }
    | { upgradeType: 'resize-cluster'; highAvailability: boolean },
  options: { workspaceId: string; serviceId: string; serviceName: string; now: Date },
): CheckoutState {
  return {
    inProgress: true,
    resumeCheckout: false,
    isUpgrade: true,
    upgradeType: upgrade.upgradeType,
    workspaceId: options.workspaceId,
    serviceId: options.serviceId,
    serviceName: options.serviceName,
    ...(upgrade.upgradeType === 'upgrade-service-plan'
      ? { billingPlan: upgrade.billingPlan }
      : { serviceSpecifications: { highAvailability: upgrade.highAvailability } }),
    checkoutRequestedAt: options.now.getTime(),
  };
}

/** The state saved before leaving to store a new card (Billing page): only where to come back to. */
export function paymentMethodCheckoutState(workspaceId: string, now: Date): CheckoutState {
  return { inProgress: true, workspaceId, checkoutRequestedAt: now.getTime() };
}

/**
 * Reads a saved state: null when nothing is saved, it is not a checkout state, no checkout is in progress, or it is
 * older than CHECKOUT_STATE_MAX_AGE_MS (or from the future: a clock that moved).
 */
export function readCheckoutState(raw: string | null, now: Date): CheckoutState | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = checkoutStateSchema.safeParse(json);
  if (!parsed.success || !parsed.data.inProgress) return null;
  const requestedAt = parsed.data.checkoutRequestedAt;
  if (requestedAt === undefined) return null;
  const age = now.getTime() - requestedAt;
  if (age < 0 || age > CHECKOUT_STATE_MAX_AGE_MS) return null;
  return parsed.data;
}

/** "Try again" on /checkout/failure: the same state, marked to be resumed by the page that started it. */
export function resumeCheckout(state: CheckoutState): CheckoutState {
  return { ...state, resumeCheckout: true };
}

/**
 * The create-service request a resumed state fills the form with; null when the state is not a create-service
 * checkout or lacks what the request needs.
 */
export function createServiceRequestFromState(state: CheckoutState): CreateServiceRequest | null {
  if (state.isUpgrade === true) return null;
  const { workspaceId, serviceName, selectedRegion, billingPlan } = state;
  if (
    workspaceId === undefined ||
    serviceName === undefined ||
    selectedRegion === undefined ||
    billingPlan === undefined
  ) {
    return null;
  }
  const specifications = state.serviceSpecifications ?? {};
  return {
    workspaceId,
    serviceName,
    ...(state.label === undefined ? {} : { label: state.label }),
    region: selectedRegion,
    billingPlan,
    ...(specifications.heraldVersion === undefined
      ? {}
      : { heraldVersion: specifications.heraldVersion }),
    highAvailability: specifications.highAvailability === true,
    sensitiveData: state.sensitiveDataFlag === true,
    ...(state.isFreeTrialActivation === true ? { freeTrial: true } : {}),
  };
}

/** The body of POST …/billing/checkout that starts the saved checkout again; null when it cannot be rebuilt. */
export function startCheckoutRequestFromState(state: CheckoutState): StartCheckoutRequest | null {
  if (state.isUpgrade !== true) {
    const service = createServiceRequestFromState(state);
    return service === null ? null : { purpose: 'create-service', service };
  }
  if (state.serviceId === undefined) return null;
  if (state.upgradeType === 'upgrade-service-plan' && state.billingPlan !== undefined) {
    return {
      purpose: 'upgrade-service-plan',
      serviceId: state.serviceId,
      billingPlan: state.billingPlan,
    };
  }
  const highAvailability = state.serviceSpecifications?.highAvailability;
  if (state.upgradeType === 'resize-cluster' && highAvailability !== undefined) {
    return { purpose: 'resize-cluster', serviceId: state.serviceId, highAvailability };
  }
  return null;
}

/** The checkout routes of spec section 2 (payment provider callbacks). */
export const CHECKOUT_ROUTE_PATHS = ['/checkout/success', '/checkout/failure'] as const;

/**
 * Safari in the user agent: Apple's engine reports "Safari" and "Version/"; Chrome, Edge, Opera, Firefox on iOS and
 * Android browsers also say "Safari" but add their own token.
 */
export function isSafariUserAgent(userAgent: string): boolean {
  if (!/Safari\//.test(userAgent) || !/Version\/\d/.test(userAgent)) return false;
  return !/(Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg|OPR|OPiOS|Android)\//i.test(userAgent);
}

/**
 * Spec section 2: Safari on the checkout routes forces one reload with reload=true. Returns the address to load
 * instead (the same with `reload=true` added to the query) or null when no reload is due: not Safari, not a checkout
 * route, or already reloaded.
 */
export function checkoutReloadUrl(userAgent: string, href: string): string | null {
  if (!isSafariUserAgent(userAgent)) return null;
  const url = new URL(href);
  const path = url.pathname.replace(/\/+$/, '');
  if (!(CHECKOUT_ROUTE_PATHS as readonly string[]).includes(path)) return null;
  if (url.searchParams.get('reload') === 'true') return null;
  url.searchParams.set('reload', 'true');
  return url.toString();
}
