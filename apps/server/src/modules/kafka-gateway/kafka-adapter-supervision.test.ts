import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type { KafkaAdapterProcessConfig } from '@herald/contract/kafka/kafka-adapter-process';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { kafkaAdapter } from '../../db/schema';
import { makePaidExemptService } from '../../testing/test-payments';
import { insertTestService } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { kafkaAdapterRegistration } from './kafka-adapter-kind';

const STAND_IN = fileURLToPath(new URL('./testing/stand-in-kafka-adapter.mjs', import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The control plane supervising Kafka adapters (item 3) with the real reconcile loop, local driver and runtime, and
 * a stand-in adapter process (testing/stand-in-kafka-adapter.mjs): the calls start, restart and stop processes.
 */
describe('Kafka adapter processes under the reconcile loop', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let serviceId: string;
  useTestApp((ready) => ({ app } = ready), {
    adapterKinds: [kafkaAdapterRegistration({ entry: STAND_IN })],
  });
  beforeAll(async () => {
    team = await createTestTeam(app, 'Kafka supervision');
    const { row } = await insertTestService(app, team.workspaceId, {
      heraldVersion: '6.10',
      desiredState: 'running',
      status: 'CHECKING',
    });
    serviceId = row.id;
    await makePaidExemptService(app, team.workspaceId, serviceId);
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
  const row = async (adapterId: string) =>
    (await app.db.select().from(kafkaAdapter).where(eq(kafkaAdapter.id, adapterId)))[0];
  const infoFile = (stem: string) =>
    path.join(app.config.dataDir, 'services', serviceId, `kafka-adapter-${stem}.json`);
  const infoOf = (stem: string) =>
    JSON.parse(readFileSync(infoFile(stem), 'utf8')) as { pid: number; httpPort: number };
  async function startedWith(stem: string) {
    const { httpPort } = infoOf(stem);
    const response = await fetch(`http://127.0.0.1:${httpPort}/test/config`, {
      headers: { authorization: 'Bearer test' },
    });
    return (await response.json()) as {
      config: KafkaAdapterProcessConfig;
      runtimeInfoFile: string;
      jwks: string;
    };
  }
  const running = async (adapterId: string) => {
    const adapter = await row(adapterId);
    return adapter?.status === 'RUNNING' && adapter.member2Status === 'RUNNING';
  };

  it(
    'runs both members of a high-availability adapter with its settings, restarts them on a change and after a kill -9, stops them on disable and delete',
    { timeout: 120_000 },
    async () => {
      const created = await call(
        routes.createKafkaAdapter,
        {},
        {
          label: 'orders',
          reconnectInterval: 500,
          haEnabled: true,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      const adapterId = (created.json() as { id: string }).id;
      const cluster = await call(
        routes.createKafkaCluster,
        { adapterId },
        {
          label: 'main',
          kafkaBrokerAddresses: ['127.0.0.1:9'],
          authentication: {
            securityProtocol: 'sasl_plaintext',
            saslMechanism: 'PLAIN',
            userName: 'alice',
            password: 'kafka-secret',
          },
        },
      );
      expect(cluster.statusCode, cluster.body).toBe(201);
      const clusterId = (cluster.json() as { id: string }).id;

      await expect.poll(() => running(adapterId), { timeout: 60_000 }).toBe(true);
      const member2 = `${adapterId}.member-2`;
      // The process has its settings with the password in clear (only there), and its runtime's ready file.
      const one = await startedWith(adapterId);
      expect(one.config).toMatchObject({
        adapterId,
        label: 'orders',
        reconnectInterval: 500,
        haEnabled: true,
        member: 1,
        clusters: [{ id: clusterId, authentication: { password: 'kafka-secret' } }],
      });
      expect(one.runtimeInfoFile).toBe(
        path.join(app.config.dataDir, 'services', serviceId, 'runtime.json'),
      );
      expect(JSON.parse(one.jwks)).toHaveProperty('keys');
      expect((await startedWith(member2)).config.member).toBe(2);
      const list = await call(routes.listKafkaAdapters, {});
      expect(list.json()[0]).toMatchObject({ id: adapterId, status: 'RUNNING' });

      // The live state, from the process.
      let state = await call(routes.getKafkaAdapterState, { adapterId });
      expect(state.json()).toEqual({
        running: true,
        status: 'RUNNING',
        clusters: [{ id: clusterId, connected: true }],
        subscribers: [],
        publishers: [],
      });

      // A change of its settings restarts both members with the new ones.
      const before = [infoOf(adapterId).pid, infoOf(member2).pid];
      const subscriber = await call(
        routes.createKafkaSubscriber,
        { adapterId, clusterId },
        {
          label: 'in',
          kafkaTopics: ['orders'],
          consumerGroupId: 'herald',
        },
      );
      expect(subscriber.statusCode).toBe(201);
      await expect
        .poll(
          async () =>
            (await running(adapterId)) &&
            infoOf(adapterId).pid !== before[0] &&
            infoOf(member2).pid !== before[1],
          { timeout: 60_000 },
        )
        .toBe(true);
      expect((await startedWith(adapterId)).config.services).toHaveLength(1);
      for (const pid of before) expect(isAlive(pid)).toBe(false);
      state = await call(routes.getKafkaAdapterState, { adapterId });
      expect(state.json().subscribers).toEqual([
        { id: (subscriber.json() as { id: string }).id, lag: 0, ratePerSecond: 0, samples: [] },
      ]);

      // Disable: both stop, SUSPENDED; the state says not running.
      const pids = [infoOf(adapterId).pid, infoOf(member2).pid];
      expect((await call(routes.disableKafkaAdapter, { adapterId })).statusCode).toBe(200);
      await expect
        .poll(async () => (await row(adapterId))?.status, { timeout: 30_000 })
        .toBe('SUSPENDED');
      await expect.poll(() => pids.some(isAlive), { timeout: 30_000 }).toBe(false);
      expect((await call(routes.getKafkaAdapterState, { adapterId })).json()).toEqual({
        running: false,
        status: 'SUSPENDED',
        clusters: [],
        subscribers: [],
        publishers: [],
      });

      // Enable: running again, new processes.
      expect((await call(routes.enableKafkaAdapter, { adapterId })).statusCode).toBe(200);
      await expect.poll(() => running(adapterId), { timeout: 60_000 }).toBe(true);
      const enabled = infoOf(adapterId).pid;
      expect(isAlive(enabled)).toBe(true);

      // A kill -9 of a member: restarted by the loop; the runtime and the other member untouched.
      const runtimePid = (
        JSON.parse(
          readFileSync(
            path.join(app.config.dataDir, 'services', serviceId, 'runtime.json'),
            'utf8',
          ),
        ) as { pid: number }
      ).pid;
      const other = infoOf(member2).pid;
      process.kill(enabled, 'SIGKILL');
      await expect
        .poll(async () => (await running(adapterId)) && infoOf(adapterId).pid !== enabled, {
          timeout: 60_000,
        })
        .toBe(true);
      expect(isAlive(infoOf(adapterId).pid)).toBe(true);
      expect(isAlive(runtimePid)).toBe(true);
      expect(infoOf(member2).pid).toBe(other);

      // Both members' lines are the adapter's log.
      await expect
        .poll(
          async () => {
            const logs = await call(routes.getKafkaAdapterLogs, { adapterId });
            return (logs.json() as { logDetails: { message: string }[] }).logDetails.map(
              (entry) => entry.message,
            );
          },
          { timeout: 30_000 },
        )
        .toEqual(expect.arrayContaining(['stand-in member 1 up', 'stand-in member 2 up']));

      // Delete: its processes stop for good.
      const last = [infoOf(adapterId).pid, infoOf(member2).pid];
      expect((await call(routes.deleteKafkaAdapter, { adapterId })).statusCode).toBe(204);
      await expect.poll(() => last.some(isAlive), { timeout: 30_000 }).toBe(false);
      // Its files go once the loop has forgotten it, a moment after the processes ended.
      await expect.poll(() => existsSync(infoFile(adapterId)), { timeout: 30_000 }).toBe(false);
    },
  );
});
