import type { MarketplaceSubscriptionStatus } from '@herald/contract/constants';

/**
 * The marketplace port (ARCHITECTURE "Ports and their adapters"; docs/decisions/026). Embedded default: the local
 * subscription simulator (simulator-marketplace.ts), a real implementation keeping the marketplace's side in its own
 * tables. Production: AWS Marketplace through the official SDK clients (aws-marketplace.ts), MARKETPLACE_PROVIDER=aws.
 */

/** Who a registration token belongs to (AWS ResolveCustomer). */
export interface ResolvedCustomer {
  customerIdentifier: string;
  productCode: string;
  customerAwsAccountId: string | null;
}

/** One hour of one dimension for one customer (AWS UsageRecord). */
export interface UsageRecordInput {
  customerIdentifier: string;
  dimension: string;
  /** Whole units, 0 to 2^31-1. */
  quantity: number;
  /** The start of the metered hour. */
  timestamp: Date;
}

/**
 * AWS BatchMeterUsage's per-record statuses, plus `Unprocessed` for a record the marketplace did not process (its
 * UnprocessedRecords, after the port's own retries): the caller sends it again later.
 */
export type UsageRecordStatus =
  'Success' | 'CustomerNotSubscribed' | 'DuplicateRecord' | 'Unprocessed';

export interface UsageRecordResult {
  record: UsageRecordInput;
  status: UsageRecordStatus;
  meteringRecordId: string | null;
}

/** The token is unknown, expired, or for another product: the person needs a fresh link from the marketplace. */
export class MarketplaceTokenError extends Error {
  override name = 'MarketplaceTokenError';
}

/** The marketplace could not be reached or failed; nothing was decided. */
export class MarketplaceUnavailableError extends Error {
  override name = 'MarketplaceUnavailableError';
}

export interface MarketplacePort {
  readonly kind: 'simulator' | 'aws';
  /** The listing's product code. */
  readonly productCode: string;
  resolveCustomer(registrationToken: string): Promise<ResolvedCustomer>;
  /**
   * The customer's subscription status now. `previous` (our last known status) tells an ended subscription from one
   * that never went through where the marketplace only says "no entitlement" (AWS).
   */
  getEntitlement(
    customerIdentifier: string,
    productCode: string,
    previous: MarketplaceSubscriptionStatus | null,
  ): Promise<MarketplaceSubscriptionStatus>;
  /**
   * Meters usage with BatchMeterUsage semantics: at most 25 records a call (the port cuts larger lists), records the
   * marketplace left unprocessed are retried, and each record gets its own result, in order.
   */
  meterUsage(records: readonly UsageRecordInput[]): Promise<UsageRecordResult[]>;
}
