import {
  GetEntitlementsCommand,
  MarketplaceEntitlementServiceClient,
} from '@aws-sdk/client-marketplace-entitlement-service';
import type { Entitlement } from '@aws-sdk/client-marketplace-entitlement-service';
import {
  BatchMeterUsageCommand,
  MarketplaceMeteringClient,
  ResolveCustomerCommand,
} from '@aws-sdk/client-marketplace-metering';
import type { UsageRecord } from '@aws-sdk/client-marketplace-metering';
import { meteringBatches } from '@herald/contract/marketplace/marketplace-metering';
import { statusFromEntitlements } from '@herald/contract/marketplace/marketplace-status';
import type {
  MarketplacePort,
  UsageRecordInput,
  UsageRecordResult,
  UsageRecordStatus,
} from './marketplace-port';
import { MarketplaceTokenError, MarketplaceUnavailableError } from './marketplace-port';

export interface AwsMarketplaceOptions {
  productCode: string;
  region: string;
  /** A custom endpoint (tests: the in-repo fake); unset: AWS's. */
  endpoint?: string;
  /** Explicit credentials (tests); unset: the SDK's default provider chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  clock: () => Date;
  /** How many times records the marketplace left unprocessed are sent again within one call. */
  unprocessedRetries?: number;
}

/** The errors of ResolveCustomer that mean "this token is no good" rather than "AWS is unwell". */
const TOKEN_ERRORS = new Set([
  'InvalidTokenException',
  'ExpiredTokenException',
  'InvalidProductCodeException',
]);

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

/** A record's identity across request and response: customer, dimension, hour. */
function recordKey(record: {
  CustomerIdentifier?: string | undefined;
  Dimension?: string | undefined;
  Timestamp?: Date | undefined;
}): string {
  return `${record.CustomerIdentifier ?? ''}|${record.Dimension ?? ''}|${record.Timestamp?.getTime() ?? ''}`;
}

function toUsageRecord(record: UsageRecordInput): UsageRecord {
  return {
    CustomerIdentifier: record.customerIdentifier,
    Dimension: record.dimension,
    Quantity: record.quantity,
    Timestamp: record.timestamp,
  };
}

function isKnownStatus(
  status: string | undefined,
): status is Exclude<UsageRecordStatus, 'Unprocessed'> {
  return status === 'Success' || status === 'CustomerNotSubscribed' || status === 'DuplicateRecord';
}

/**
 * AWS Marketplace through the official SDK clients (@aws-sdk/client-marketplace-metering and
 * -entitlement-service): ResolveCustomer, GetEntitlements, BatchMeterUsage.
 */
export function createAwsMarketplace(options: AwsMarketplaceOptions): MarketplacePort {
  const clientConfig = {
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint }),
    ...(options.credentials && { credentials: options.credentials }),
    maxAttempts: 3,
  };
  const metering = new MarketplaceMeteringClient(clientConfig);
  const entitlements = new MarketplaceEntitlementServiceClient(clientConfig);
  const retries = options.unprocessedRetries ?? 2;

  async function meterBatch(batch: UsageRecordInput[]): Promise<UsageRecordResult[]> {
    const results = new Map<string, UsageRecordResult>();
    let pending = batch;
    for (let attempt = 0; attempt <= retries && pending.length > 0; attempt += 1) {
      let output;
      try {
        output = await metering.send(
          new BatchMeterUsageCommand({
            ProductCode: options.productCode,
            UsageRecords: pending.map(toUsageRecord),
          }),
        );
      } catch (error) {
        throw new MarketplaceUnavailableError(`BatchMeterUsage failed: ${errorName(error)}`);
      }
      const byKey = new Map(pending.map((record) => [recordKey(toUsageRecord(record)), record]));
      for (const result of output.Results ?? []) {
        const record = result.UsageRecord && byKey.get(recordKey(result.UsageRecord));
        if (!record || !isKnownStatus(result.Status)) continue;
        results.set(recordKey(toUsageRecord(record)), {
          record,
          status: result.Status,
          meteringRecordId: result.MeteringRecordId ?? null,
        });
      }
      const unprocessed = new Set((output.UnprocessedRecords ?? []).map(recordKey));
      pending = pending.filter((record) => {
        const key = recordKey(toUsageRecord(record));
        return unprocessed.has(key) || !results.has(key);
      });
    }
    return batch.map(
      (record) =>
        results.get(recordKey(toUsageRecord(record))) ?? {
          record,
          status: 'Unprocessed',
          meteringRecordId: null,
        },
    );
  }

  return {
    kind: 'aws',
    productCode: options.productCode,

    async resolveCustomer(registrationToken) {
      let output;
      try {
        output = await metering.send(
          new ResolveCustomerCommand({ RegistrationToken: registrationToken }),
        );
      } catch (error) {
        if (TOKEN_ERRORS.has(errorName(error))) {
          throw new MarketplaceTokenError(`ResolveCustomer refused the token: ${errorName(error)}`);
        }
        throw new MarketplaceUnavailableError(`ResolveCustomer failed: ${errorName(error)}`);
      }
      if (!output.CustomerIdentifier || output.ProductCode !== options.productCode) {
        // A token of another seller's product (or of another listing of ours) is not a subscription to this one.
        throw new MarketplaceTokenError('The token is for another product');
      }
      return {
        customerIdentifier: output.CustomerIdentifier,
        productCode: output.ProductCode,
        customerAwsAccountId: output.CustomerAWSAccountId ?? null,
      };
    },

    async getEntitlement(customerIdentifier, productCode, previous) {
      const found: Entitlement[] = [];
      let nextToken: string | undefined;
      try {
        do {
          const output = await entitlements.send(
            new GetEntitlementsCommand({
              ProductCode: productCode,
              Filter: { CUSTOMER_IDENTIFIER: [customerIdentifier] },
              ...(nextToken && { NextToken: nextToken }),
            }),
          );
          found.push(...(output.Entitlements ?? []));
          nextToken = output.NextToken;
        } while (nextToken);
      } catch (error) {
        throw new MarketplaceUnavailableError(`GetEntitlements failed: ${errorName(error)}`);
      }
      return statusFromEntitlements(
        found.map((entitlement) => ({
          ...(entitlement.Dimension && { dimension: entitlement.Dimension }),
          ...(entitlement.ExpirationDate && { expirationDate: entitlement.ExpirationDate }),
        })),
        options.clock(),
        previous,
      );
    },

    async meterUsage(records) {
      const results: UsageRecordResult[] = [];
      for (const batch of meteringBatches(records)) results.push(...(await meterBatch(batch)));
      return results;
    },
  };
}
