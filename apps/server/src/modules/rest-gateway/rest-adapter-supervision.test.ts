import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type { RestAdapterState } from '@herald/contract/rest-adapters/rest-adapter-state';
import type { RestPollResult } from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RestApi } from '@herald/contract/rest-adapters/rest-api.schema';
import {
  startTestApiServer,
  type TestApiServer,
} from '@herald/rest-adapter/testing/test-api-server';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restAdapter } from '../../db/schema';
import { insertTestService } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { restAdapterRegistration } from './rest-adapter-kind';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The control plane supervising a service's REST adapter with the real reconcile loop, local driver, runtime and
 * adapter process (packages/rest-adapter), polling a real local HTTP API: the calls start, restart and stop it, and
 * what it polls reaches the service's topics.
 */
// Started before the app: its port goes into the app's allow list (the test API is on loopback, refused otherwise).
const api: TestApiServer = await startTestApiServer();
const PRICES = api.origin('127.0.0.1');
let eurPrice = 1.08;
api.route('/v1/eur', (request, response) => {
  if (request.headers.authorization !== 'Bearer tok-secret') {
    response.writeHead(401, { 'content-type': 'text/plain' }).end('who are you?');
    return;
  }
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ data: { price: eurPrice, currency: 'EUR' } }));
});
api.route('/v1/usd', (_request, response) =>
  response.writeHead(200, { 'content-type': 'text/plain' }).end('1.00 USD'),
);

describe('the REST adapter process under the reconcile loop', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let serviceId: string;
  useTestApp((ready) => ({ app } = ready), {
    adapterKinds: [restAdapterRegistration()],
    env: { REST_ADAPTER_ALLOWED_HOSTS: `127.0.0.1:${api.port}` },
  });
  afterAll(() => api.close());
  beforeAll(async () => {
    team = await createTestTeam(app, 'REST supervision');
    const { row } = await insertTestService(app, team.workspaceId, {
      heraldVersion: '6.10',
      desiredState: 'running',
      status: 'CHECKING',
    });
    serviceId = row.id;
    app.provisioner.reconcile(serviceId);
  });

  const call = (
    route: { method: string; path: string },
    params: Record<string, string>,
    body?: unknown,
  ) =>
    callAs(
      app,
      team.owner,
      route.method as 'GET',
      buildPath(route.path, { serviceId, ...params }),
      body,
    );
  const adapter = async () =>
    (await app.db.select().from(restAdapter).where(eq(restAdapter.serviceId, serviceId)))[0];
  const infoFile = () => path.join(app.config.dataDir, 'services', serviceId, 'rest-adapter.json');
  const info = () =>
    JSON.parse(readFileSync(infoFile(), 'utf8')) as { pid: number; httpPort: number };
  const state = async () => (await call(routes.getRestAdapterState, {})).json() as RestAdapterState;
  const topic = async (topicPath: string) => {
    const response = await callAs(
      app,
      team.owner,
      'GET',
      `${buildPath(routes.getTopic.path, { serviceId })}?path=${encodeURIComponent(topicPath)}`,
    );
    return response.statusCode === 200
      ? (response.json() as { type: string; value: unknown })
      : null;
  };
  const running = async () => (await adapter())?.status === 'RUNNING' && existsSync(infoFile());

  it(
    'runs the service’s adapter once it has an API, previews an endpoint before it is saved, puts what it polls on topics, restarts it on a change, forwards poll and preview, stops it when deactivated',
    { timeout: 180_000 },
    async () => {
      // An API without endpoints makes the adapter and starts it: nothing to poll yet, but a first endpoint can be
      // previewed before it is saved.
      let response = await call(
        routes.createRestApi,
        {},
        {
          label: 'Prices',
          baseUrl: `${PRICES}/v1`,
          baseTopicPath: 'prices',
          authentication: { type: 'bearer', token: 'tok-secret' },
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json() as RestApi;
      await expect.poll(running, { timeout: 90_000 }).toBe(true);
      const idle = info().pid;

      // The preview polls an endpoint as typed with the stored token, applies the pointer, publishes nothing.
      response = await call(
        routes.previewRestEndpoint,
        { apiId: created.id },
        { path: '/eur', topicPath: 'eur-price', valuePointer: '$.data.price' },
      );
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json() as RestPollResult;
      expect(preview).toMatchObject({
        endpointId: null,
        status: 200,
        topicPath: 'prices/eur-price',
        published: false,
        value: { type: 'JSON', preview: '1.08' },
      });
      expect(JSON.stringify(preview)).not.toContain('tok-secret');
      expect(await topic('prices/eur-price')).toBeNull();

      response = await call(
        routes.createRestEndpoint,
        { apiId: created.id },
        { path: '/eur', pollIntervalMs: 1_000 },
      );
      expect(response.statusCode).toBe(201);
      const eur = (response.json() as { id: string }).id;
      // The new endpoint restarts it with the new settings.
      await expect
        .poll(async () => (await running()) && info().pid !== idle, { timeout: 90_000 })
        .toBe(true);
      const adapterId = (await adapter())!.id;

      // The process polls with the stored token (the API answers 401 without it) and the value is on its topic.
      await expect
        .poll(async () => (await topic('prices/eur'))?.value, { timeout: 60_000 })
        .toEqual({ data: { price: 1.08, currency: 'EUR' } });
      expect((await topic('prices/eur'))?.type).toBe('JSON');
      const live = await state();
      expect(live).toMatchObject({
        adapter: { adapterId, type: 'rest-gateway', version: '1.0', active: true },
        running: true,
        status: 'RUNNING',
        endpoints: [
          { apiId: created.id, endpointId: eur, topicPath: 'prices/eur', lastStatus: 200 },
        ],
      });
      expect(api.receivedOn('/v1/eur')[0]!.headers.authorization).toBe('Bearer tok-secret');

      // A new value served arrives on the topic.
      eurPrice = 1.09;
      await expect
        .poll(async () => (await topic('prices/eur'))?.value, { timeout: 60_000 })
        .toEqual({ data: { price: 1.09, currency: 'EUR' } });

      // Poll now: what the API answered and the topic it became.
      response = await call(routes.pollRestEndpoint, { apiId: created.id, endpointId: eur });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        apiId: created.id,
        endpointId: eur,
        status: 200,
        topicPath: 'prices/eur',
        error: null,
      });
      // A change of its APIs restarts it with the new settings: the new endpoint's text is a STRING topic.
      const before = info().pid;
      response = await call(routes.createRestEndpoint, { apiId: created.id }, { path: '/usd' });
      expect(response.statusCode).toBe(201);
      await expect
        .poll(async () => (await running()) && info().pid !== before, { timeout: 90_000 })
        .toBe(true);
      expect(isAlive(before)).toBe(false);
      await expect
        .poll(async () => await topic('prices/usd'), { timeout: 60_000 })
        .toMatchObject({ type: 'STRING', value: '1.00 USD' });

      // Its log is the REST adapter's log, and the token is in none of its lines.
      const logLines = async () => {
        const logs = await call(routes.getRestAdapterLogs, {});
        return (logs.json() as { logDetails: { message: string }[] }).logDetails.map(
          (entry) => entry.message,
        );
      };
      await expect
        .poll(async () => (await logLines()).length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect((await logLines()).join('\n')).not.toContain('tok-secret');

      // Deactivated: it stops, SUSPENDED; the state says not running and a poll is refused in words.
      const pid = info().pid;
      response = await call(routes.upsertRestAdapterService, {}, { active: false });
      expect(response.statusCode).toBe(200);
      await expect.poll(() => isAlive(pid), { timeout: 30_000 }).toBe(false);
      await expect
        .poll(async () => (await adapter())?.status, { timeout: 30_000 })
        .toBe('SUSPENDED');
      expect(await state()).toMatchObject({ running: false, status: 'SUSPENDED', endpoints: [] });
      response = await call(routes.pollRestEndpoint, { apiId: created.id, endpointId: eur });
      expect(response.statusCode).toBe(409);

      // Active again: a new process.
      expect((await call(routes.upsertRestAdapterService, {}, { active: true })).statusCode).toBe(
        200,
      );
      await expect
        .poll(async () => (await running()) && info().pid !== pid, { timeout: 90_000 })
        .toBe(true);

      // Every API deleted: nothing to poll, the process stops.
      const last = info().pid;
      expect((await call(routes.deleteRestApi, { apiId: created.id })).statusCode).toBe(204);
      await expect.poll(() => isAlive(last), { timeout: 30_000 }).toBe(false);
    },
  );
});
