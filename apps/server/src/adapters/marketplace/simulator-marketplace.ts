import { randomUUID } from 'node:crypto';
import type { MarketplaceSubscriptionStatus } from '@herald/contract/constants';
import {
  isMarketplaceSubscriptionStatus,
  marketplaceMeteringAllowed,
} from '@herald/contract/marketplace/marketplace-status';
import type { Database } from '../../db/database';
import type {
  MarketplacePort,
  ResolvedCustomer,
  UsageRecordInput,
  UsageRecordResult,
} from './marketplace-port';
import { MarketplaceTokenError } from './marketplace-port';
import {
  findCustomerOfToken,
  findSimCustomer,
  insertSimCustomer,
  insertSimToken,
  newAwsAccountId,
  newCustomerIdentifier,
  newRegistrationToken,
  recordSimUsage,
  setSimCustomerStatus,
} from './simulator.repository';

/** How long a simulated registration token resolves (AWS's expire too; a person has a day to finish signing up). */
export const SIMULATOR_TOKEN_TTL_MS = 24 * 3_600_000;

/** The product code the simulator's listing has when AWS_MARKETPLACE_PRODUCT_CODE is not set. */
export const SIMULATOR_PRODUCT_CODE = 'herald-cloud-local';

export type SimulatorStatusListener = (
  customerIdentifier: string,
  status: MarketplaceSubscriptionStatus,
) => Promise<void>;

/**
 * The local marketplace simulator: the marketplace's side of a subscription, in the database. The operator plays the
 * buyer (operator commands marketplace-subscribe and marketplace-status); the server talks to it through the same
 * port as to AWS. A status change reaches the server at once through `onStatusChange` (the part of AWS's SNS
 * notification that can be real here, docs/decisions/026).
 */
export interface MarketplaceSimulator extends MarketplacePort {
  readonly kind: 'simulator';
  /** A new simulated customer, subscribed, with a fresh registration token (the buyer's "Set up your account"). */
  subscribe(note: string | null): Promise<{ token: string; customerIdentifier: string }>;
  /** A fresh registration token for an existing customer. */
  issueToken(customerIdentifier: string): Promise<string>;
  /** The buyer (or AWS) changes the subscription; listeners run before it returns. False: no such customer. */
  setStatus(customerIdentifier: string, status: MarketplaceSubscriptionStatus): Promise<boolean>;
  onStatusChange(listener: SimulatorStatusListener): void;
}

export function createSimulatorMarketplace(options: {
  db: Database;
  clock: () => Date;
  productCode?: string;
}): MarketplaceSimulator {
  const { db, clock } = options;
  const productCode = options.productCode ?? SIMULATOR_PRODUCT_CODE;
  const listeners: SimulatorStatusListener[] = [];

  async function issueToken(customerIdentifier: string): Promise<string> {
    const token = newRegistrationToken();
    const now = clock();
    await insertSimToken(db, {
      token,
      customerIdentifier,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + SIMULATOR_TOKEN_TTL_MS),
    });
    return token;
  }

  async function meterOne(record: UsageRecordInput): Promise<UsageRecordResult> {
    const customer = await findSimCustomer(db, record.customerIdentifier);
    if (
      !customer ||
      customer.productCode !== productCode ||
      !isMarketplaceSubscriptionStatus(customer.status) ||
      !marketplaceMeteringAllowed(customer.status)
    ) {
      return { record, status: 'CustomerNotSubscribed', meteringRecordId: null };
    }
    const result = await recordSimUsage(db, {
      customerIdentifier: record.customerIdentifier,
      dimension: record.dimension,
      hourStart: record.timestamp,
      quantity: record.quantity,
      meteringRecordId: randomUUID(),
      recordedAt: clock(),
    });
    return {
      record,
      status: result.isNew ? 'Success' : 'DuplicateRecord',
      meteringRecordId: result.meteringRecordId,
    };
  }

  return {
    kind: 'simulator',
    productCode,

    async subscribe(note) {
      const now = clock();
      const customerIdentifier = newCustomerIdentifier();
      await insertSimCustomer(db, {
        customerIdentifier,
        productCode,
        customerAwsAccountId: newAwsAccountId(),
        status: 'subscribe-success',
        note,
        createdAt: now,
        updatedAt: now,
      });
      return { token: await issueToken(customerIdentifier), customerIdentifier };
    },

    issueToken,

    async setStatus(customerIdentifier, status) {
      const changed = await setSimCustomerStatus(db, customerIdentifier, status, clock());
      if (!changed) return false;
      for (const listener of listeners) await listener(customerIdentifier, status);
      return true;
    },

    onStatusChange(listener) {
      listeners.push(listener);
    },

    async resolveCustomer(registrationToken): Promise<ResolvedCustomer> {
      const customer = await findCustomerOfToken(db, registrationToken, clock());
      if (!customer || customer.productCode !== productCode) {
        throw new MarketplaceTokenError('Unknown or expired registration token');
      }
      return {
        customerIdentifier: customer.customerIdentifier,
        productCode: customer.productCode,
        customerAwsAccountId: customer.customerAwsAccountId,
      };
    },

    async getEntitlement(customerIdentifier, code) {
      const customer = await findSimCustomer(db, customerIdentifier);
      if (!customer || customer.productCode !== code) return 'unsubscribe-success';
      return isMarketplaceSubscriptionStatus(customer.status) ? customer.status : 'subscribe-fail';
    },

    async meterUsage(records) {
      // The simulator processes every record (it has no throttling), one at a time in order.
      const results: UsageRecordResult[] = [];
      for (const record of records) results.push(await meterOne(record));
      return results;
    },
  };
}
