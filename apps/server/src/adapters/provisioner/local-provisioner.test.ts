import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceHostname } from '@herald/contract/services/service-display';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../db/schema';
import { useTestApp } from '../../testing/use-test-app';
import { createLocalProvisioner, signControlPlaneToken } from './local-provisioner';
import type { LocalProvisioner, ServiceRuntimeStatus } from './local-provisioner';
import { getServerInfo } from './runtime-client';
import { hostRequest } from './testing/host-request';
import { insertTestService, isRunning, readService, waitForService } from './testing/test-services';
import type { ServiceRow } from './testing/test-services';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-provisioner-'));
// Each test file (and leg) gets ports of its own, so parallel files do not race for the same MQTT ports.
const portBase = 20_000 + Math.floor(Math.random() * 400) * 50;

function runtimeInfo(serviceId: string): { pid: number; httpPort: number; mqttPort: number } {
  return JSON.parse(
    readFileSync(path.join(dataDir, 'services', serviceId, 'runtime.json'), 'utf8'),
  ) as { pid: number; httpPort: number; mqttPort: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function connect(
  url: string,
  token: string,
  options: mqtt.IClientOptions = {},
): Promise<mqtt.MqttClient> {
  const client = mqtt.connect(url, {
    username: 'control-plane',
    password: token,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
    client.once('close', () => reject(new Error('connection closed')));
  });
  return client;
}

describe('local provisioner with real runtimes', () => {
  let app: FastifyInstance;
  let provisioner: LocalProvisioner;
  let port: number;
  const statuses = new Map<string, ServiceRuntimeStatus[]>();
  useTestApp((ready) => ({ app } = ready), {
    env: {
      DATA_DIR: dataDir,
      SERVICE_PORT_BASE: String(portBase),
      SERVICE_PORT_COUNT: '50',
    },
  });
  beforeAll(async () => {
    provisioner = app.provisioner as LocalProvisioner;
    provisioner.watchStatus((serviceId, status) => {
      statuses.set(serviceId, [...(statuses.get(serviceId) ?? []), status]);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const tokenFor = async (row: ServiceRow) => signControlPlaneToken(app.tokens, row);
  const infoOf = async (row: ServiceRow) => {
    const endpoint = provisioner.endpointOf(row.id);
    if (!endpoint) throw new Error('not running');
    return getServerInfo(endpoint, await tokenFor(row));
  };

  let row: ServiceRow;

  it('provisions a service to RUNNING through every status, reachable over WebSocket and TCP', async () => {
    row = await insertTestService(app.db);
    expect(provisioner.endpointOf(row.id)).toBeNull();
    const started = performance.now();
    provisioner.reconcile(row.id);
    row = (await waitForService(app.db, row.id, isRunning))!;
    const elapsed = performance.now() - started;
    expect(statuses.get(row.id)).toEqual([
      'POD_PENDING',
      'POD_INITIALIZING',
      'POD_RUNNING_PENDING_DNS',
      'RUNNING',
    ]);
    expect(elapsed).toBeLessThan(10_000);
    expect(row.mqttPort).toBeGreaterThanOrEqual(portBase);
    expect(row.mqttPort).toBeLessThan(portBase + 50);
    const endpoint = provisioner.endpointOf(row.id);
    expect(endpoint).toEqual({ httpPort: runtimeInfo(row.id).httpPort, mqttPort: row.mqttPort });

    const token = await tokenFor(row);
    const host = `${serviceHostname(row)}.localhost`;
    const overWebSocket = await connect(`ws://127.0.0.1:${port}/mqtt`, token, {
      wsOptions: { headers: { host: `${host}:${port}` } },
    });
    const overTcp = await connect(`mqtt://127.0.0.1:${row.mqttPort}`, token);
    const received = new Promise<string>((resolve) =>
      overTcp.on('message', (_topic, payload) => resolve(payload.toString())),
    );
    await overTcp.subscribeAsync('greetings/#', { qos: 1 });
    await overWebSocket.publishAsync('greetings/hello', 'through the proxy', { qos: 1 });
    expect(await received).toBe('through the proxy');
    await Promise.all([overWebSocket.endAsync(), overTcp.endAsync()]);
    expect((await infoOf(row)).topics).toBe(1);

    // Plain HTTP to a service host explains itself; the dashboard's own host is untouched.
    const plain = await hostRequest(port, { host, path: '/v3/health' });
    expect(plain.status).toBe(404);
    expect(plain.body).toContain('MQTT over WebSocket at /mqtt');
    expect((await hostRequest(port, { host: 'localhost', path: '/v3/health' })).status).toBe(200);
  });

  it('refuses WebSocket upgrades for unknown services (404) and stopped ones (503)', async () => {
    const upgrade = async (host: string) =>
      (await hostRequest(port, { host, path: '/mqtt', upgrade: true })).status;
    expect(await upgrade('nope.eu-west-1.local.localhost')).toBe(404);
    const stopped = await insertTestService(app.db, { desiredState: 'suspended' });
    expect(await upgrade(`${serviceHostname(stopped)}.localhost`)).toBe(503);
  });

  it('restarts a runtime that was killed with SIGKILL', async () => {
    const { pid } = runtimeInfo(row.id);
    process.kill(pid, 'SIGKILL');
    await waitForService(app.db, row.id, (current) => current?.status !== 'RUNNING');
    row = (await waitForService(app.db, row.id, isRunning))!;
    expect(runtimeInfo(row.id).pid).not.toBe(pid);
    expect(isAlive(runtimeInfo(row.id).pid)).toBe(true);
    // State survived: the topic published before the crash is still there.
    expect((await infoOf(row)).topics).toBe(1);
  });

  it('restarts on a new restart generation (a new process)', async () => {
    const { pid } = runtimeInfo(row.id);
    await app.db
      .update(service)
      .set({ restartGeneration: sql`${service.restartGeneration} + 1`, status: 'POD_INITIALIZING' })
      .where(eq(service.id, row.id));
    provisioner.reconcile(row.id);
    row = (await waitForService(app.db, row.id, isRunning))!;
    expect(runtimeInfo(row.id).pid).not.toBe(pid);
    expect(isAlive(pid)).toBe(false);
  });

  it('empties the topic tree on a new reset generation, once', async () => {
    const { pid } = runtimeInfo(row.id);
    expect((await infoOf(row)).topics).toBe(1);
    await app.db
      .update(service)
      .set({ resetGeneration: 1, status: 'POD_INITIALIZING' })
      .where(eq(service.id, row.id));
    provisioner.reconcile(row.id);
    row = (await waitForService(app.db, row.id, isRunning))!;
    expect((await infoOf(row)).topics).toBe(0);
    expect(runtimeInfo(row.id).pid).toBe(pid);
    const control = JSON.parse(
      readFileSync(path.join(dataDir, 'services', row.id, 'control-plane.json'), 'utf8'),
    ) as { handledResetGeneration: number };
    expect(control.handledResetGeneration).toBe(1);
  });

  it('applies a scheduled version update that is due: version set, schedule cleared, new runtime', async () => {
    await app.db
      .update(service)
      .set({ scheduledVersion: '6.11', scheduledTimestamp: Date.now() - 1_000 })
      .where(eq(service.id, row.id));
    provisioner.reconcile(row.id);
    row = (await waitForService(
      app.db,
      row.id,
      (current) => current?.heraldVersion === '6.11' && current.status === 'RUNNING',
    ))!;
    expect(row.scheduledVersion).toBeNull();
    expect(row.scheduledTimestamp).toBeNull();
    await waitForService(app.db, row.id, isRunning);
    expect((await infoOf(row)).version).toBe('6.11');
  });

  it('runs a scheduled update when its time comes (timer)', async () => {
    await app.db
      .update(service)
      .set({ scheduledVersion: '6.10', scheduledTimestamp: Date.now() + 300 })
      .where(eq(service.id, row.id));
    provisioner.reconcile(row.id);
    row = (await waitForService(
      app.db,
      row.id,
      (current) => current?.heraldVersion === '6.10' && current.status === 'RUNNING',
    ))!;
    expect((await infoOf(row)).version).toBe('6.10');
  });

  it('suspends (process stopped) and resumes', async () => {
    const { pid } = runtimeInfo(row.id);
    await app.db.update(service).set({ desiredState: 'suspended' }).where(eq(service.id, row.id));
    provisioner.reconcile(row.id);
    await waitForService(app.db, row.id, (current) => current?.status === 'SUSPENDED');
    expect(isAlive(pid)).toBe(false);
    expect(provisioner.endpointOf(row.id)).toBeNull();
    await app.db.update(service).set({ desiredState: 'running' }).where(eq(service.id, row.id));
    provisioner.reconcile(row.id);
    row = (await waitForService(app.db, row.id, isRunning))!;
    expect((await infoOf(row)).topics).toBe(0);
  });

  it('deletes: process stopped, data dir removed, row removed', async () => {
    const { pid } = runtimeInfo(row.id);
    await app.db.update(service).set({ desiredState: 'deleted' }).where(eq(service.id, row.id));
    provisioner.reconcile(row.id);
    await waitForService(app.db, row.id, (current) => current === undefined);
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'services', row.id))).toBe(false);
    expect(provisioner.endpointOf(row.id)).toBeNull();
    expect(await readService(app.db, row.id)).toBeUndefined();
  });

  it(
    'sets ERROR after 5 crashes within a minute and stops retrying until asked again',
    { timeout: 60_000 },
    async () => {
      // A second provisioner with short backoffs; an unsupported version makes the real runtime exit at once.
      const crashing = createLocalProvisioner({
        db: app.db,
        config: app.config,
        logger: app.log,
        tokens: app.tokens,
        clock: () => new Date(),
        timings: { backoffInitialMs: 20, backoffMaxMs: 100 },
      });
      const seen: ServiceRuntimeStatus[] = [];
      const broken = await insertTestService(app.db, { heraldVersion: '1.0' });
      crashing.watchStatus((serviceId, status) => serviceId === broken.id && seen.push(status));
      try {
        crashing.reconcile(broken.id);
        await waitForService(app.db, broken.id, (current) => current?.status === 'ERROR', 45_000);
        const initializing = seen.filter((status) => status === 'POD_INITIALIZING').length;
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(seen.filter((status) => status === 'POD_INITIALIZING').length).toBe(initializing);
        expect(seen.at(-1)).toBe('ERROR');
        expect((await crashing.recentLogs(broken.id)).join('\n')).toMatch(/HERALD_VERSION/);
        // Fixed and asked again: it runs.
        await app.db
          .update(service)
          .set({ heraldVersion: '6.10' })
          .where(eq(service.id, broken.id));
        crashing.reconcile(broken.id);
        await waitForService(app.db, broken.id, isRunning);
      } finally {
        await crashing.close();
      }
    },
  );
});

describe('local provisioner start(): re-attach and clean-up', () => {
  let app: FastifyInstance;
  const attachDir = mkdtempSync(path.join(os.tmpdir(), 'herald-provisioner-attach-'));
  const attachPortBase = portBase + 25;
  useTestApp((ready) => ({ app } = ready), {
    env: {
      DATA_DIR: attachDir,
      SERVICE_PORT_BASE: String(attachPortBase),
      SERVICE_PORT_COUNT: '20',
    },
  });
  afterAll(() => rmSync(attachDir, { recursive: true, force: true }));

  it('re-attaches a live runtime left by a previous control plane, restarts it when it dies, removes orphans', async () => {
    const row = await insertTestService(app.db, { mqttPort: attachPortBase + 3 });
    const serviceDir = path.join(attachDir, 'services', row.id);
    // A runtime a previous control plane started (not a child of the provisioner under test).
    const orphan = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('../../../../../packages/runtime/src/main.ts', import.meta.url)),
      ],
      {
        stdio: 'ignore',
        env: {
          ...process.env,
          HERALD_SERVICE_ID: row.id,
          HERALD_SERVICE_NAME: row.serviceName,
          HERALD_WORKSPACE_ID: row.workspaceId,
          HERALD_VERSION: row.heraldVersion,
          HERALD_DATA_DIR: serviceDir,
          HERALD_HOST: '127.0.0.1',
          HERALD_MQTT_PORT: String(row.mqttPort),
          HERALD_HTTP_PORT: '0',
          HERALD_JWKS: JSON.stringify(await app.tokens.publicJwks()),
          HERALD_CREDENTIAL_VERSION: '1',
          HERALD_TOPICS_CAPACITY: '100',
        },
      },
    );
    const runtimeFile = path.join(serviceDir, 'runtime.json');
    const deadline = Date.now() + 15_000;
    while (!existsSync(runtimeFile) && Date.now() < deadline) await sleep(20);
    const leftoverDir = path.join(attachDir, 'services', 'no-such-service');
    mkdirSync(leftoverDir, { recursive: true });
    // Old enough to be debris (a fresh one may belong to another control plane on the same DATA_DIR).
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(leftoverDir, anHourAgo, anHourAgo);
    const freshDir = path.join(attachDir, 'services', 'being-created-elsewhere');
    mkdirSync(freshDir, { recursive: true });

    const provisioner = createLocalProvisioner({
      db: app.db,
      config: app.config,
      logger: app.log,
      tokens: app.tokens,
      clock: () => new Date(),
      timings: { attachedPollMs: 200 },
    });
    try {
      await provisioner.start();
      await waitForService(app.db, row.id, isRunning);
      const attached = JSON.parse(readFileSync(runtimeFile, 'utf8')) as {
        pid: number;
        httpPort: number;
      };
      expect(attached.pid).toBe(orphan.pid);
      expect(provisioner.endpointOf(row.id)?.httpPort).toBe(attached.httpPort);
      expect(existsSync(leftoverDir)).toBe(false);
      expect(existsSync(freshDir)).toBe(true);

      orphan.kill('SIGKILL');
      await waitForService(app.db, row.id, (current) => current?.status !== 'RUNNING');
      await waitForService(app.db, row.id, isRunning);
      const replacement = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { pid: number };
      expect(replacement.pid).not.toBe(orphan.pid);
      expect(isAlive(replacement.pid)).toBe(true);
      await provisioner.close();
      expect(isAlive(replacement.pid)).toBe(false);
    } finally {
      await provisioner.close();
      orphan.kill('SIGKILL');
    }
  });
  it('adopts only a process that proves to be the service’s runtime, and never kills an unrelated one', async () => {
    /** A process that answers 200 to everything on an HTTP port, optionally claiming the service in its env. */
    const startImpostor = async (env: Record<string, string>) => {
      const child = spawn(
        process.execPath,
        [
          '-e',
          `require('node:http').createServer((request, response) => {
             response.writeHead(200, { 'content-type': 'application/json' });
             response.end('{"status":"ok"}');
           }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
        ],
        { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const httpPort = await new Promise<number>((resolve) =>
        child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      return { child, httpPort };
    };
    const claiming = await insertTestService(app.db, { mqttPort: attachPortBase + 5 });
    const unrelated = await insertTestService(app.db, { mqttPort: attachPortBase + 6 });
    // One names the service in its environment (as a runtime would) but is not one; one is any process that got
    // the pid a dead runtime left in runtime.json.
    const impostors = [
      { row: claiming, ...(await startImpostor({ HERALD_SERVICE_ID: claiming.id })) },
      { row: unrelated, ...(await startImpostor({})) },
    ];
    for (const { row, child, httpPort } of impostors) {
      const serviceDir = path.join(attachDir, 'services', row.id);
      mkdirSync(serviceDir, { recursive: true });
      const info = { pid: child.pid, httpPort, mqttPort: row.mqttPort, version: row.heraldVersion };
      writeFileSync(path.join(serviceDir, 'runtime.json'), JSON.stringify(info));
    }
    const provisioner = createLocalProvisioner({
      db: app.db,
      config: app.config,
      logger: app.log,
      tokens: app.tokens,
      clock: () => new Date(),
    });
    try {
      await provisioner.start();
      for (const { row, child, httpPort } of impostors) {
        await waitForService(app.db, row.id, isRunning);
        const endpoint = provisioner.endpointOf(row.id);
        expect(endpoint?.httpPort).not.toBe(httpPort);
        const info = await getServerInfo(endpoint!, await signControlPlaneToken(app.tokens, row));
        expect(info.version).toBe(row.heraldVersion);
        const started = JSON.parse(
          readFileSync(path.join(attachDir, 'services', row.id, 'runtime.json'), 'utf8'),
        ) as { pid: number };
        expect(started.pid).not.toBe(child.pid);
      }
      expect(isAlive(impostors[1]!.child.pid!)).toBe(true);
    } finally {
      await provisioner.close();
      for (const { child } of impostors) child.kill('SIGKILL');
    }
  });
});
