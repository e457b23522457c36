import { ERROR_CODES } from '@herald/contract/api/errors';
import { MARKETPLACE_MESSAGES } from '@herald/contract/marketplace/marketplace.schema';
import {
  isMarketplaceSubscriptionExpired,
  isMarketplaceWorkspace,
} from '@herald/contract/marketplace/marketplace-status';
import { HttpError } from '../../lib/http-error';
import type { WorkspaceRow } from '../workspace/workspace.repository';

/** Whether AWS Marketplace bills the workspace (no card, no invoice of ours: docs/decisions/026). */
export function isBilledByMarketplace(row: Pick<WorkspaceRow, 'billingProvider'>): boolean {
  return isMarketplaceWorkspace({ provider: row.billingProvider });
}

/**
 * Refuses work that would run services for an organisation whose marketplace subscription has expired (section 4:
 * subscribe-fail, unsubscribe-success): 402 with MARKETPLACE_MESSAGES.expired. For service creation, plan changes and
 * restarts of a marketplace organisation's services.
 */
export function assertMarketplaceSubscriptionActive(
  row: Pick<WorkspaceRow, 'billingProvider' | 'awsMarketplaceSubscriptionStatus'>,
): void {
  if (
    isBilledByMarketplace(row) &&
    isMarketplaceSubscriptionExpired(row.awsMarketplaceSubscriptionStatus)
  ) {
    throw new HttpError(402, ERROR_CODES.paymentRequired, MARKETPLACE_MESSAGES.expired);
  }
}
