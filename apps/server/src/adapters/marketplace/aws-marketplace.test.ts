import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsMarketplaceFake } from '../../testing/aws-marketplace-fake/aws-marketplace-fake';
import type { AwsMarketplaceFake } from '../../testing/aws-marketplace-fake/aws-marketplace-fake';
import { createAwsMarketplace } from './aws-marketplace';
import type { MarketplacePort, UsageRecordInput } from './marketplace-port';
import { MarketplaceTokenError, MarketplaceUnavailableError } from './marketplace-port';

const PRODUCT = 'prod-herald-test';
const now = new Date('2026-11-26T12:00:00Z');
let fake: AwsMarketplaceFake;
let marketplace: MarketplacePort;

beforeAll(async () => {
  fake = await startAwsMarketplaceFake();
  marketplace = createAwsMarketplace({
    productCode: PRODUCT,
    region: 'us-east-1',
    endpoint: fake.endpoint,
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
    clock: () => now,
  });
  fake.addCustomer({
    customerIdentifier: 'cust-a',
    productCode: PRODUCT,
    customerAwsAccountId: '111122223333',
  });
  fake.addCustomer({
    customerIdentifier: 'cust-other',
    productCode: 'prod-of-someone-else',
    customerAwsAccountId: '999988887777',
  });
});

afterAll(async () => {
  await fake.close();
});

describe('the AWS Marketplace adapter, through the official SDK', () => {
  it('resolves a registration token to the customer (ResolveCustomer)', async () => {
    const token = fake.issueToken('cust-a');
    await expect(marketplace.resolveCustomer(token)).resolves.toEqual({
      customerIdentifier: 'cust-a',
      productCode: PRODUCT,
      customerAwsAccountId: '111122223333',
    });
    expect(fake.calls.at(-1)).toEqual({
      target: 'AWSMPMeteringService.ResolveCustomer',
      body: { RegistrationToken: token },
    });
  });

  it.each([
    ['an unknown token', () => 'not-a-token'],
    ['an expired token', () => fake.issueToken('cust-a', { expired: true })],
    ["another product's token", () => fake.issueToken('cust-other')],
  ])('refuses %s as a token error', async (_label, token) => {
    await expect(marketplace.resolveCustomer(token())).rejects.toBeInstanceOf(
      MarketplaceTokenError,
    );
  });

  it('reports an AWS failure as unavailable, not as a bad token', async () => {
    fake.failNext(3);
    await expect(marketplace.resolveCustomer(fake.issueToken('cust-a'))).rejects.toBeInstanceOf(
      MarketplaceUnavailableError,
    );
  });

  it('reads the subscription from the entitlements across pages (GetEntitlements)', async () => {
    fake.setEntitlements('cust-a', [
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-02-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    ]);
    await expect(marketplace.getEntitlement('cust-a', PRODUCT, null)).resolves.toBe(
      'subscribe-success',
    );
    const calls = fake.calls.filter((call) => call.target.endsWith('GetEntitlements'));
    expect(calls.at(-1)?.body).toMatchObject({
      ProductCode: PRODUCT,
      Filter: { CUSTOMER_IDENTIFIER: ['cust-a'] },
      NextToken: '2',
    });

    fake.setEntitlements('cust-a', [new Date('2026-11-01T00:00:00Z')]);
    await expect(marketplace.getEntitlement('cust-a', PRODUCT, 'subscribe-success')).resolves.toBe(
      'unsubscribe-success',
    );
    await expect(marketplace.getEntitlement('cust-a', PRODUCT, null)).resolves.toBe(
      'subscribe-fail',
    );
    fake.setEntitlements('cust-a', [null]);
  });

  it('meters in calls of at most 25 and answers per record (BatchMeterUsage)', async () => {
    const records: UsageRecordInput[] = Array.from({ length: 30 }, (_, index) => ({
      customerIdentifier: 'cust-a',
      dimension: 'billed_messages',
      quantity: 100 + index,
      timestamp: new Date(Date.UTC(2026, 10, 1, 0) + index * 3_600_000),
    }));
    const before = fake.calls.length;
    const results = await marketplace.meterUsage(records);
    const batches = fake.calls
      .slice(before)
      .map((call) => (call.body.UsageRecords as unknown[]).length);
    expect(batches).toEqual([25, 5]);
    expect(results.map((result) => result.status)).toEqual(Array(30).fill('Success'));
    expect(
      fake.metered.get(`cust-a|billed_messages|${Date.UTC(2026, 10, 1, 3) / 1000}`)?.quantity,
    ).toBe(103);

    // The same hours again: AWS deduplicates, with the original record ids.
    const again = await marketplace.meterUsage(records.slice(0, 2));
    expect(again.map((result) => result.status)).toEqual(['DuplicateRecord', 'DuplicateRecord']);
    expect(again[0]?.meteringRecordId).toBe(results[0]?.meteringRecordId);
  });

  it('sends unprocessed records again, and reports them when they stay unprocessed', async () => {
    const record = (hour: number, customerIdentifier = 'cust-a'): UsageRecordInput => ({
      customerIdentifier,
      dimension: 'billed_messages',
      quantity: 7,
      timestamp: new Date(Date.UTC(2026, 10, 5, hour)),
    });
    fake.leaveUnprocessed(2);
    const results = await marketplace.meterUsage([record(1), record(2), record(3)]);
    expect(results.map((result) => result.status)).toEqual(['Success', 'Success', 'Success']);

    const stubborn = createAwsMarketplace({
      productCode: PRODUCT,
      region: 'us-east-1',
      endpoint: fake.endpoint,
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
      clock: () => now,
      unprocessedRetries: 0,
    });
    fake.leaveUnprocessed(1);
    const partial = await stubborn.meterUsage([record(4), record(5, 'cust-unknown')]);
    expect(partial.map((result) => result.status)).toEqual(['Success', 'Unprocessed']);
    const refused = await stubborn.meterUsage([record(5, 'cust-unknown')]);
    expect(refused.map((result) => result.status)).toEqual(['CustomerNotSubscribed']);
  });
});
