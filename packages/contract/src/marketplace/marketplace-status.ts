import { MARKETPLACE_BILLING_PROVIDER, MARKETPLACE_SUBSCRIPTION_STATUSES } from '../constants';
import type { MarketplaceSubscriptionStatus } from '../constants';
import { isMarketplaceSubscriptionExpired } from '../users/onboarding-gate';

/**
 * Marketplace subscription rules (spec section 4 "Marketplace subscription status values"; docs/decisions/026).
 * Expired (subscribe-fail, unsubscribe-success) is the onboarding gate's rule and is re-exported here.
 */
export { isMarketplaceSubscriptionExpired };

export function isMarketplaceSubscriptionStatus(
  value: unknown,
): value is MarketplaceSubscriptionStatus {
  return (
    typeof value === 'string' &&
    (MARKETPLACE_SUBSCRIPTION_STATUSES as readonly string[]).includes(value)
  );
}

/** A marketplace organisation (section 3 Workspace: provider / billingProvider awsMarketplace). */
export function isMarketplaceWorkspace(workspace: {
  provider?: string | null;
  billingProvider?: string | null;
}): boolean {
  return (
    workspace.provider === MARKETPLACE_BILLING_PROVIDER ||
    workspace.billingProvider === MARKETPLACE_BILLING_PROVIDER
  );
}

/**
 * Whether the organisation's services may run: while subscribed, and while an unsubscription is pending (AWS keeps
 * metering until unsubscribe-success, so the customer keeps what they pay for); not once expired.
 */
export function marketplaceServicesMayRun(status: MarketplaceSubscriptionStatus): boolean {
  return !isMarketplaceSubscriptionExpired(status);
}

/**
 * Whether usage is metered to the marketplace for the hour: AWS accepts metering records while the customer is
 * subscribed or the unsubscription is pending (the final hour's usage is still billed); an expired customer is
 * refused by AWS (CustomerNotSubscribed), so nothing is sent.
 */
export function marketplaceMeteringAllowed(status: MarketplaceSubscriptionStatus): boolean {
  return status === 'subscribe-success' || status === 'unsubscribe-pending';
}

/** What a status change does to the organisation's services. */
export type MarketplaceServiceAction = 'suspend' | 'resume' | 'none';

/**
 * A status change's effect: becoming expired suspends the running services (suspensionReason `inactive`, not blocking:
 * docs/decisions/026); leaving expired (subscribing again) resumes the services the marketplace suspended.
 */
export function marketplaceServiceAction(
  from: MarketplaceSubscriptionStatus | null,
  to: MarketplaceSubscriptionStatus,
): MarketplaceServiceAction {
  const wasExpired = from !== null && isMarketplaceSubscriptionExpired(from);
  const isExpired = isMarketplaceSubscriptionExpired(to);
  if (isExpired && !wasExpired) return 'suspend';
  if (!isExpired && wasExpired) return 'resume';
  return 'none';
}

/** One entitlement as AWS Marketplace Entitlement Service's GetEntitlements returns it (the fields read). */
export interface MarketplaceEntitlement {
  dimension?: string;
  /** When the entitlement ends; none for an entitlement without an end. */
  expirationDate?: Date;
}

/**
 * The subscription status an entitlement check implies (AWS adapter, docs/decisions/026): AWS's entitlement API
 * has no subscription status, only entitlements with an end date. Any entitlement current at `now` means subscribed;
 * none after having been subscribed means the subscription ended (unsubscribe-success); none on the very first check
 * means the subscription never went through (subscribe-fail).
 */
export function statusFromEntitlements(
  entitlements: readonly MarketplaceEntitlement[],
  now: Date,
  previous: MarketplaceSubscriptionStatus | null,
): MarketplaceSubscriptionStatus {
  const isCurrent = entitlements.some(
    (entitlement) =>
      entitlement.expirationDate === undefined ||
      entitlement.expirationDate.getTime() > now.getTime(),
  );
  if (isCurrent) return 'subscribe-success';
  return previous === null || previous === 'subscribe-fail'
    ? 'subscribe-fail'
    : 'unsubscribe-success';
}
