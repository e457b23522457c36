import { MARKETPLACE_METERING_DIMENSION } from '@herald/contract/marketplace/marketplace-metering';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listSimUsage } from '../../adapters/marketplace/simulator.repository';
import { marketplaceUsageReport, usageSample } from '../../db/schema';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { createTestMember } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { connectTestSubscription, simulatorOf } from './marketplace-test-helpers';
import { runMarketplaceMetering } from './marketplace-metering';

const HOUR = 3_600_000;
/** 10:00 UTC: the subscription is connected at 10:20. */
const T10 = Date.UTC(2026, 10, 26, 10);

describe('hourly metering to the marketplace', () => {
  let app: FastifyInstance;
  let now = new Date(T10 + 20 * 60_000);
  let workspaceId: string;
  let customerIdentifier: string;
  let serviceIds: string[];
  useTestApp(
    (ready) => {
      app = ready.app;
    },
    { clock: () => now },
  );

  /** Billed messages of one service in minute rows of the hour starting at `hourStart` (ms). */
  async function usage(serviceId: string, hourStart: number, perMinute: number[]): Promise<void> {
    await app.db.insert(usageSample).values(
      perMinute.map((billedMessages, minute) => ({
        serviceId,
        seconds: 60,
        start: hourStart / 1000 + minute * 60,
        billedMessages,
      })),
    );
  }

  async function reports() {
    return app.db
      .select()
      .from(marketplaceUsageReport)
      .where(eq(marketplaceUsageReport.customerIdentifier, customerIdentifier))
      .orderBy(marketplaceUsageReport.hourStart);
  }

  beforeAll(async () => {
    stubProvisioner(app);
    const owner = await createTestMember(app);
    ({ workspaceId, customerIdentifier } = await connectTestSubscription(app, owner));
    serviceIds = [
      (await insertTestService(app, workspaceId, { desiredState: 'running' })).row.id,
      (await insertTestService(app, workspaceId, { desiredState: 'deleted' })).row.id,
    ];
    // 10:00–11:00: 60 + 5 (and a minute of the next hour that belongs to 11:00)
    await usage(serviceIds[0]!, T10, [10, 20, 30]);
    await usage(serviceIds[1]!, T10 + 30 * 60_000, [5]);
    await usage(serviceIds[0]!, T10 + HOUR, [7]);
    // Another workspace's usage never counts.
    const other = await createTestMember(app);
    const otherOrg = await connectTestSubscription(app, other);
    const otherService = (await insertTestService(app, otherOrg.workspaceId)).row.id;
    await usage(otherService, T10, [1000]);
  });

  it('meters nothing before the hour has ended and its grace passed', async () => {
    now = new Date(T10 + HOUR + 4 * 60_000);
    await runMarketplaceMetering(app);
    expect(await reports()).toEqual([]);
  });

  it("sends an hour's billed messages of every service of the organisation once the hour is over", async () => {
    now = new Date(T10 + HOUR + 6 * 60_000);
    const result = await runMarketplaceMetering(app);
    expect(result).toMatchObject({ sent: expect.any(Number), pending: 0 });
    const [report] = await reports();
    expect(report).toMatchObject({
      hourStart: new Date(T10),
      dimension: MARKETPLACE_METERING_DIMENSION,
      quantity: 65,
      state: 'sent',
      resultStatus: 'Success',
    });
    const recorded = await listSimUsage(app.db, customerIdentifier);
    expect(recorded.map((row) => [row.hourStart.getTime(), row.quantity])).toEqual([[T10, 65]]);
  });

  it('changes nothing when run again', async () => {
    await runMarketplaceMetering(app);
    await runMarketplaceMetering(app);
    expect(await reports()).toHaveLength(1);
    expect(await listSimUsage(app.db, customerIdentifier)).toHaveLength(1);
  });

  it('meters each hour exactly once across a crash between sending and storing the answer', async () => {
    now = new Date(T10 + 2 * HOUR + 6 * 60_000);
    const marketplace = app.marketplace;
    const realMeter = marketplace.meterUsage.bind(marketplace);
    // The marketplace records the call, then the control plane dies before storing the answer.
    marketplace.meterUsage = async (records) => {
      await realMeter(records);
      throw new Error('control plane killed');
    };
    await expect(runMarketplaceMetering(app)).rejects.toThrow('control plane killed');
    marketplace.meterUsage = realMeter;
    const afterCrash = await reports();
    expect(afterCrash.map((row) => [row.hourStart.getTime(), row.quantity, row.state])).toEqual([
      [T10, 65, 'sent'],
      [T10 + HOUR, 7, 'pending'],
    ]);

    // More usage of 11:00 arriving late does not change what was frozen and already sent.
    await usage(serviceIds[0]!, T10 + HOUR + 10 * 60_000, [100]);
    await runMarketplaceMetering(app);
    const settled = await reports();
    expect(settled[1]).toMatchObject({
      quantity: 7,
      state: 'sent',
      resultStatus: 'DuplicateRecord',
    });
    const recorded = await listSimUsage(app.db, customerIdentifier);
    expect(recorded.map((row) => [row.hourStart.getTime(), row.quantity])).toEqual([
      [T10, 65],
      [T10 + HOUR, 7],
    ]);
  });

  it('records expired hours without sending them, and resumes metering after a new subscription', async () => {
    await simulatorOf(app).setStatus(customerIdentifier, 'unsubscribe-success');
    now = new Date(T10 + 3 * HOUR + 6 * 60_000);
    await runMarketplaceMetering(app);
    expect((await reports()).at(-1)).toMatchObject({
      hourStart: new Date(T10 + 2 * HOUR),
      state: 'refused',
    });
    expect(await listSimUsage(app.db, customerIdentifier)).toHaveLength(2);

    await simulatorOf(app).setStatus(customerIdentifier, 'subscribe-success');
    now = new Date(T10 + 4 * HOUR + 6 * 60_000);
    await runMarketplaceMetering(app);
    expect((await reports()).at(-1)).toMatchObject({
      hourStart: new Date(T10 + 3 * HOUR),
      state: 'sent',
      quantity: 0,
    });
  });

  it('gives up on hours older than the marketplace accepts (6 hours) after the server was down', async () => {
    now = new Date(T10 + 14 * HOUR + 6 * 60_000);
    await runMarketplaceMetering(app);
    const hours = (await reports()).map((row) => (row.hourStart.getTime() - T10) / HOUR);
    // 4:00–7:00 after 10:00 were never reported (older than 6 hours when the server came back); 8 to 13 were.
    expect(hours).toEqual([0, 1, 2, 3, 8, 9, 10, 11, 12, 13]);
  });
});
