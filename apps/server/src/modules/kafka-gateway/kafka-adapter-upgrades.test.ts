import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import {
  ADAPTER_VERSION_MESSAGES,
  KAFKA_NOT_FOUND_MESSAGES,
} from '@herald/contract/kafka/kafka-adapter-rules';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { kafkaAdapter } from '../../db/schema';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { insertTestKafkaAdapter } from './testing/kafka-test-data';

/** The default catalogue with Kafka adapter 1.1 (services 6.10 and later) and 1.2 (6.11 and later) added. */
function catalogueWithUpgrades(): string {
  const file = path.join(import.meta.dirname, '../../../config/catalogue.json');
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { adapterVersions: object[] };
  catalogue.adapterVersions.push(
    {
      tag: '1.1',
      type: 'kafka-gateway',
      eol: false,
      minHeraldVersion: '6.10',
      maxHeraldVersion: null,
    },
    {
      tag: '1.2',
      type: 'kafka-gateway',
      eol: false,
      minHeraldVersion: '6.11',
      maxHeraldVersion: null,
    },
  );
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'herald-catalogue-')), 'catalogue.json');
  writeFileSync(out, JSON.stringify(catalogue));
  return out;
}

describe('adapter upgrades: now and scheduled', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp(
    (ready) => {
      ({ app } = ready);
      ({ reconciled } = stubProvisioner(app));
    },
    { env: { CATALOGUE_FILE: catalogueWithUpgrades() } },
  );
  beforeAll(async () => {
    team = await createTestTeam(app, 'Kafka upgrades');
  });

  async function adapterOn(heraldVersion: string) {
    const serviceId = (await insertTestService(app, team.workspaceId, { heraldVersion })).row.id;
    const { adapterId } = await insertTestKafkaAdapter(app, serviceId);
    return { serviceId, adapterId, type: 'kafka-gateway' };
  }
  const versionOf = async (adapterId: string) =>
    (await app.db.select().from(kafkaAdapter).where(eq(kafkaAdapter.id, adapterId)))[0]!.version;
  const call = (
    route: { method: string; path: string },
    params: Record<string, string>,
    body?: unknown,
  ) => callAs(app, team.admin, route.method as 'GET', buildPath(route.path, params), body);

  it('upgrades now to a newer version the service admits, then reports the latest', async () => {
    const params = await adapterOn('6.10');
    reconciled.length = 0;
    let response = await call(routes.upgradeAdapter, params, { newVersion: '1.1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ upgradeType: 'version', version: '1.1' });
    expect(await versionOf(params.adapterId)).toBe('1.1');
    expect(reconciled).toEqual([params.serviceId]);

    response = await call(routes.upgradeAdapter, params, { newVersion: '1.1' });
    expect(response.json()).toEqual({ upgradeType: 'latest', version: '1.1' });

    // 1.2 needs a 6.11 service (section 5).
    response = await call(routes.upgradeAdapter, params, { newVersion: '1.2' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: ADAPTER_VERSION_MESSAGES.notOffered('1.2', '6.10'),
      issues: [{ path: 'body.newVersion' }],
    });
  });

  it('keeps a schedule until it is cancelled; 404 in the spec’s words without one', async () => {
    const params = await adapterOn('6.11');
    let response = await call(routes.getAdapterScheduledUpgrade, params);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      message: SERVICE_MESSAGES.noScheduledUpdateForAdapter,
    });

    const at = Date.now() + 3_600_000;
    response = await call(routes.scheduleAdapterUpgrade, params, {
      newVersion: '1.2',
      scheduledTimestamp: at,
    });
    expect(response.statusCode, response.body).toBe(200);
    const scheduled = { adapterId: params.adapterId, newVersion: '1.2', scheduledTimestamp: at };
    expect(response.json()).toEqual(scheduled);
    expect((await call(routes.getAdapterScheduledUpgrade, params)).json()).toEqual(scheduled);
    expect(await versionOf(params.adapterId)).toBe('1.0');

    response = await call(routes.cancelAdapterScheduledUpgrade, params);
    expect(response.statusCode).toBe(204);
    response = await call(routes.getAdapterScheduledUpgrade, params);
    expect(response.statusCode).toBe(404);
    response = await call(routes.cancelAdapterScheduledUpgrade, params);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      message: SERVICE_MESSAGES.noScheduledUpdateForAdapter,
    });

    response = await call(routes.scheduleAdapterUpgrade, params, {
      newVersion: '1.0',
      scheduledTimestamp: at,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: ADAPTER_VERSION_MESSAGES.notNewer('1.0', '1.0'),
    });
  });

  it('applies a schedule when it is due and reconciles the service', async () => {
    const params = await adapterOn('6.10');
    reconciled.length = 0;
    const response = await call(routes.scheduleAdapterUpgrade, params, {
      newVersion: '1.1',
      scheduledTimestamp: Date.now() - 1000,
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => versionOf(params.adapterId), { timeout: 10_000 }).toBe('1.1');
    await expect.poll(() => reconciled, { timeout: 10_000 }).toContain(params.serviceId);
    expect((await call(routes.getAdapterScheduledUpgrade, params)).statusCode).toBe(404);
  });

  it('answers 404 for another adapter type, and the upgrade permission for a User', async () => {
    const params = await adapterOn('6.10');
    let response = await call(routes.getAdapterScheduledUpgrade, {
      ...params,
      type: 'rest-gateway',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      message: KAFKA_NOT_FOUND_MESSAGES.adapterType('rest-gateway'),
    });
    response = await callAs(app, team.user, 'POST', buildPath(routes.upgradeAdapter.path, params), {
      newVersion: '1.1',
    });
    expect(response.statusCode).toBe(403);
    expect(await versionOf(params.adapterId)).toBe('1.0');
  });
});
