import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type {
  RestAdapterProcessConfig,
  RestPreviewRequest,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RestApi } from '@herald/contract/rest-adapters/rest-api.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { restAdapter } from '../../db/schema';
import { insertTestService } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { restAdapterRegistration } from './rest-adapter-kind';

// Switch to the real process (packages/rest-adapter, @herald/rest-adapter/build/adapter-bundle) once it is merged.
const STAND_IN = fileURLToPath(new URL('./testing/stand-in-rest-adapter.mjs', import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The control plane supervising a service's REST adapter with the real reconcile loop, local driver and runtime, and
 * a stand-in adapter process (testing/stand-in-rest-adapter.mjs): the calls start, restart and stop its process.
 */
describe('the REST adapter process under the reconcile loop', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let serviceId: string;
  useTestApp((ready) => ({ app } = ready), {
    adapterKinds: [restAdapterRegistration({ entry: STAND_IN })],
    env: { REST_ADAPTER_ALLOWED_HOSTS: 'prices.internal,127.0.0.1:8080' },
  });
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
  const standIn = async <T>(what: 'config' | 'last'): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${info().httpPort}/test/${what}`, {
      headers: { authorization: 'Bearer test' },
    });
    return (await response.json()) as T;
  };
  const running = async () => (await adapter())?.status === 'RUNNING' && existsSync(infoFile());

  it(
    'runs the service’s adapter with its APIs once it has an endpoint, restarts it on a change, forwards poll and preview, stops it when deactivated',
    { timeout: 120_000 },
    async () => {
      // An API without endpoints makes the adapter, but there is nothing to poll: no process.
      let response = await call(
        routes.createRestApi,
        {},
        {
          label: 'Prices',
          baseUrl: 'http://prices.internal/v1',
          authentication: { type: 'bearer', token: 'tok-secret' },
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      const api = response.json() as RestApi;
      await expect
        .poll(async () => (await adapter())?.status, { timeout: 30_000 })
        .toBe('SUSPENDED');
      expect(existsSync(infoFile())).toBe(false);

      response = await call(routes.createRestEndpoint, { apiId: api.id }, { path: '/eur' });
      expect(response.statusCode).toBe(201);
      const eur = (response.json() as { id: string }).id;
      await expect.poll(running, { timeout: 60_000 }).toBe(true);
      const started = await standIn<{
        config: RestAdapterProcessConfig;
        allowedHosts: string;
        runtimeInfoFile: string;
        jwks: string;
        mqttUsername: string;
      }>('config');
      const adapterId = (await adapter())!.id;
      // The process has its settings with the token in clear (only there), the allow list and its runtime's file.
      expect(started.config).toEqual({
        adapterId,
        apis: [
          {
            id: api.id,
            label: 'Prices',
            headers: [],
            baseUrl: 'http://prices.internal/v1',
            baseTopicPath: '',
            authentication: { type: 'bearer', token: 'tok-secret' },
            queryParameters: [],
            endpoints: [
              {
                id: eur,
                path: '/eur',
                topicPath: null,
                pollIntervalMs: 60_000,
                valuePointer: null,
              },
            ],
          },
        ],
      });
      expect(started.allowedHosts).toBe('prices.internal,127.0.0.1:8080');
      expect(started.runtimeInfoFile).toBe(
        path.join(app.config.dataDir, 'services', serviceId, 'runtime.json'),
      );
      expect(JSON.parse(started.jwks)).toHaveProperty('keys');
      expect(started.mqttUsername).toBe(`rest-adapter:${adapterId}`);

      // The live state, from the process.
      response = await call(routes.getRestAdapterState, {});
      expect(response.json()).toMatchObject({
        adapter: { adapterId, type: 'rest-gateway', version: '1.0', active: true },
        running: true,
        status: 'RUNNING',
        endpoints: [{ apiId: api.id, endpointId: eur, lastPollAt: null }],
      });

      // Poll now and the preview reach the process; the preview carries the stored token and the typed endpoint.
      response = await call(routes.pollRestEndpoint, { apiId: api.id, endpointId: eur });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ apiId: api.id, endpointId: eur, outcome: 'failed' });
      expect((await standIn<{ last: unknown }>('last')).last).toEqual({
        apiId: api.id,
        endpointId: eur,
      });
      response = await call(
        routes.previewRestEndpoint,
        { apiId: api.id },
        { path: '/usd', valuePointer: '$.data.price' },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.stringify(response.json())).not.toContain('tok-secret');
      const preview = (await standIn<{ last: RestPreviewRequest }>('last')).last;
      expect(preview).toEqual({
        api: {
          id: api.id,
          label: 'Prices',
          headers: [],
          baseUrl: 'http://prices.internal/v1',
          baseTopicPath: '',
          authentication: { type: 'bearer', token: 'tok-secret' },
          queryParameters: [],
        },
        endpoint: { path: '/usd', topicPath: null, valuePointer: '$.data.price' },
      });

      // A change of its APIs restarts it with the new settings.
      const before = info().pid;
      response = await call(routes.createRestEndpoint, { apiId: api.id }, { path: '/usd' });
      expect(response.statusCode).toBe(201);
      await expect
        .poll(async () => (await running()) && info().pid !== before, { timeout: 60_000 })
        .toBe(true);
      expect(isAlive(before)).toBe(false);
      const restarted = await standIn<{ config: RestAdapterProcessConfig }>('config');
      expect(restarted.config.apis[0]!.endpoints.map((item) => item.path)).toEqual([
        '/eur',
        '/usd',
      ]);

      // Its log is the REST adapter's log.
      await expect
        .poll(
          async () => {
            const logs = await call(routes.getRestAdapterLogs, {});
            return (logs.json() as { logDetails: { message: string }[] }).logDetails.map(
              (entry) => entry.message,
            );
          },
          { timeout: 30_000 },
        )
        .toContain('stand-in REST adapter up with 1 APIs');

      // Deactivated: it stops, SUSPENDED; the state says not running and a poll is refused in words.
      const pid = info().pid;
      response = await call(routes.upsertRestAdapterService, {}, { active: false });
      expect(response.statusCode).toBe(200);
      await expect.poll(() => isAlive(pid), { timeout: 30_000 }).toBe(false);
      await expect
        .poll(async () => (await adapter())?.status, { timeout: 30_000 })
        .toBe('SUSPENDED');
      expect((await call(routes.getRestAdapterState, {})).json()).toMatchObject({
        running: false,
        status: 'SUSPENDED',
        endpoints: [],
      });
      response = await call(routes.pollRestEndpoint, { apiId: api.id, endpointId: eur });
      expect(response.statusCode).toBe(409);

      // Active again: a new process.
      expect((await call(routes.upsertRestAdapterService, {}, { active: true })).statusCode).toBe(
        200,
      );
      await expect
        .poll(async () => (await running()) && info().pid !== pid, { timeout: 60_000 })
        .toBe(true);

      // Every API deleted: nothing to poll, the process stops.
      const last = info().pid;
      expect((await call(routes.deleteRestApi, { apiId: api.id })).statusCode).toBe(204);
      await expect.poll(() => isAlive(last), { timeout: 30_000 }).toBe(false);
    },
  );
});
