import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app';
import { createLocalProvisioner } from './local-provisioner';
import type { LocalProvisioner, ServiceRuntimeStatus } from './local-provisioner';
import { createFakeAdapterSource } from './reconcile/testing/fake-adapter-source';
import { insertTestService, isRunning, waitForService } from './testing/test-services';
import type { ServiceRow } from './testing/test-services';
import { createAdapterKind } from './workloads/adapter-kind';
import type { AdapterKindRegistration } from './workloads/kinds';

const TEST_ADAPTER = fileURLToPath(new URL('./testing/test-adapter.mjs', import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An adapter kind over a stand-in package (testing/test-adapter.mjs) and a table in memory. */
const adapters = createFakeAdapterSource('test-adapter');
const testAdapterKind: AdapterKindRegistration = (context) => ({
  kind: createAdapterKind(
    {
      name: 'test-adapter',
      fileStem: (adapterId) => `test-adapter-${adapterId}`,
      command: async () => ({ args: [TEST_ADAPTER], cwd: path.dirname(TEST_ADAPTER) }),
      env: () => ({}),
      async identify(endpoint, token) {
        const response = await fetch(`http://127.0.0.1:${endpoint.httpPort}/identity`, {
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => null);
        return response?.ok
          ? ((await response.json()) as { workloadId: string; pid: number })
          : null;
      },
    },
    context,
  ),
  source: adapters.source,
});

describe('an adapter workload with the real local driver', () => {
  let app: FastifyInstance;
  let provisioner: LocalProvisioner;
  const statuses = new Map<string, ServiceRuntimeStatus[]>();
  useTestApp((ready) => ({ app } = ready));
  beforeAll(() => {
    provisioner = createLocalProvisioner({
      db: app.db,
      config: app.config,
      logger: app.log,
      tokens: app.tokens,
      clock: () => new Date(),
      onStatus: (serviceId, status) =>
        statuses.set(serviceId, [...(statuses.get(serviceId) ?? []), status]),
      adapterKinds: [testAdapterKind],
    });
  });
  afterAll(() => provisioner.close());

  const infoOf = (row: ServiceRow, file: string) =>
    JSON.parse(readFileSync(path.join(app.config.dataDir, 'services', row.id, file), 'utf8')) as {
      pid: number;
      httpPort: number;
    };

  it(
    'starts after its runtime, is restarted after a kill -9, and the runtime is untouched',
    { timeout: 60_000 },
    async () => {
      let row = await insertTestService(app.db);
      adapters.insert('a1', row.id);
      provisioner.reconcile(row.id);
      row = (await waitForService(app.db, row.id, isRunning))!;
      await until(() => adapters.rows.get('a1')?.status === 'RUNNING', 'the adapter RUNNING');
      expect(adapters.statuses.get('a1')).toEqual(['POD_PENDING', 'POD_INITIALIZING', 'RUNNING']);

      const runtime = infoOf(row, 'runtime.json');
      const first = infoOf(row, 'test-adapter-a1.json');
      expect(isAlive(first.pid)).toBe(true);
      // It was given its runtime's MQTT/TCP address and answers as its workload.
      const identity = (await (
        await fetch(`http://127.0.0.1:${first.httpPort}/identity`, {
          headers: { authorization: 'Bearer any' },
        })
      ).json()) as { workloadId: string; pid: number; mqttUrl: string };
      expect(identity).toEqual({
        workloadId: `${row.id}.test-adapter-a1`,
        pid: first.pid,
        mqttUrl: `mqtt://${app.config.host}:${row.mqttPort}`,
      });
      const serviceStatuses = statuses.get(row.id)!.length;

      process.kill(first.pid, 'SIGKILL');
      await until(
        () =>
          adapters.rows.get('a1')?.status === 'RUNNING' &&
          infoOf(row, 'test-adapter-a1.json').pid !== first.pid,
        'the adapter restarted',
      );
      expect(adapters.statuses.get('a1')!.slice(3)).toEqual([
        'POD_INITIALIZING',
        'POD_INITIALIZING',
        'RUNNING',
      ]);
      expect(isAlive(infoOf(row, 'test-adapter-a1.json').pid)).toBe(true);
      // The runtime: the same process, still registered, no status written.
      expect(infoOf(row, 'runtime.json').pid).toBe(runtime.pid);
      expect(isAlive(runtime.pid)).toBe(true);
      expect(provisioner.endpointOf(row.id)?.httpPort).toBe(runtime.httpPort);
      expect(statuses.get(row.id)).toHaveLength(serviceStatuses);
      expect(await provisioner.recentLogs(row.id)).not.toContain('test adapter a1 up');

      const second = infoOf(row, 'test-adapter-a1.json').pid;
      await provisioner.close();
      expect(isAlive(second)).toBe(false);
      expect(isAlive(runtime.pid)).toBe(false);
    },
  );
});
