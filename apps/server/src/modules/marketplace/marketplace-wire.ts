import type { MarketplaceSubscriptionStatus } from '@herald/contract/constants';
import { isMarketplaceSubscriptionStatus } from '@herald/contract/marketplace/marketplace-status';

/** A stored subscription status as the Workspace wire reads it (an unknown value reads null). */
export function marketplaceStatusOf(value: string | null): MarketplaceSubscriptionStatus | null {
  return isMarketplaceSubscriptionStatus(value) ? value : null;
}
