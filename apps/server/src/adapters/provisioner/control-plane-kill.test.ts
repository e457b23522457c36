import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { routes } from '@herald/contract/api/routes';
import { serviceHostname } from '@herald/contract/services/service-display';
import type mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port';
import { testDatabaseKind } from '../../testing/test-database-kind';
import { insertTestService } from './testing/test-services';
import type { ServiceRow } from './testing/test-services';
import { seedOwnerWithToken } from './testing/seeded-owner';
import { connectWithToken } from './testing/token-client';
import {
  cleanUpProcessTest,
  isAlive,
  runtimePidsOf,
  seedDataDir,
  startControlPlane,
} from './testing/control-plane-process';

/** Issue 9, defect 3: the wording of the issue is 30 s of traffic while the control plane is down. */
const CONTROL_PLANE_DOWN_MS = 30_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-cp-kill-'));
const portBase = 40_000 + Math.floor(Math.random() * 400) * 50 + 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function publish(client: mqtt.MqttClient, topic: string, payload: string): Promise<void> {
  return new Promise((resolve, reject) =>
    client.publish(topic, payload, { qos: 1 }, (error) => (error ? reject(error) : resolve())),
  );
}

/** A short-lived session: connects (a new connection is what used to kill the runtime), reads a value, leaves. */
async function readRetained(port: number, token: string, topic: string): Promise<string> {
  const client = await connectWithToken(
    port,
    token,
    `reader-${Math.random().toString(16).slice(2)}`,
  );
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no retained value on ${topic}`)), 5_000);
      client.once('message', (_topic, payload) => {
        clearTimeout(timer);
        resolve(payload.toString());
      });
      client.subscribe(topic, { qos: 1 });
    });
  } finally {
    client.end(true);
  }
}

/** An upgraded MQTT-over-WebSocket connection to a service host through the server, left open. */
function openWebSocket(port: number, host: string): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/mqtt',
      headers: {
        host,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-protocol': 'mqtt',
      },
    });
    request.once('error', reject);
    request.once('upgrade', (_response, socket) => resolve(socket));
    request.once('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    request.end();
  });
}

// PGlite is one process's database: the test writes its rows before the server opens it (see
// control-plane-crash.test.ts); the postgres leg runs the same provisioner code.
describe.skipIf(testDatabaseKind() !== 'pglite')('a control plane killed with SIGKILL', () => {
  const servers: ChildProcess[] = [];
  const clients: mqtt.MqttClient[] = [];
  let row: ServiceRow | undefined;

  afterAll(() => cleanUpProcessTest({ clients, servers, serviceId: row?.id, dataDir }));

  it(
    'leaves its runtimes serving MQTT clients, and re-attaches the same runtime on restart',
    { timeout: 150_000 },
    async () => {
      // The service, an Owner with a session and a service token, written before the server opens the database.
      const seed = await seedDataDir(dataDir);
      row = await insertTestService(seed.db);
      const serviceId = row.id;
      const { session, token } = await seedOwnerWithToken(seed.db, row, {
        userId: `u-kill-${Date.now()}`,
        firstName: 'Grace',
        lastName: 'Hopper',
        subject: 'crash-test',
      });
      await seed.close();

      const api = (port: number, method: 'GET' | 'POST', url: string) =>
        fetch(`http://127.0.0.1:${port}${url}`, {
          method,
          headers: { authorization: `Bearer ${session}` },
        });
      const statusPath = routes.getServiceStatus.path.replace('{serviceId}', serviceId);
      const waitForRunning = async (port: number) => {
        const deadline = Date.now() + 30_000;
        let last = '';
        while (Date.now() < deadline) {
          const response = await api(port, 'GET', statusPath);
          last = `${response.status} ${await response.text()}`;
          if (response.ok && last.includes('"RUNNING"')) return;
          await sleep(100);
        }
        throw new Error(`the service did not show RUNNING: ${last}`);
      };

      const firstPort = await freePort();
      servers.push(await startControlPlane({ port: firstPort, dataDir, portBase }));
      await waitForRunning(firstPort);
      const runtimeFile = path.join(dataDir, 'services', serviceId, 'runtime.json');
      const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as {
        pid: number;
        mqttPort: number;
      };

      // Clients connected before the crash: one publishes, one subscribes; any close is a failure.
      const closes: string[] = [];
      const subscriber = await connectWithToken(runtime.mqttPort, token, 'kill-subscriber');
      const publisher = await connectWithToken(runtime.mqttPort, token, 'kill-publisher');
      clients.push(subscriber, publisher);
      for (const client of [subscriber, publisher]) {
        client.on('close', () => closes.push(client.options.clientId ?? '?'));
      }
      const received = new Set<string>();
      subscriber.on('message', (_topic, payload) => received.add(payload.toString()));
      await new Promise<void>((resolve, reject) =>
        subscriber.subscribe('crash/#', { qos: 1 }, (error) => (error ? reject(error) : resolve())),
      );

      servers[0]!.kill('SIGKILL');
      await new Promise((resolve) => servers[0]!.once('exit', resolve));

      // 30 s without a control plane: publishes are acknowledged and delivered, new sessions come and go.
      const sent: string[] = [];
      const until = Date.now() + CONTROL_PLANE_DOWN_MS;
      let readerRounds = 0;
      while (Date.now() < until) {
        const message = `m-${sent.length}`;
        await publish(publisher, 'crash/counter', message);
        sent.push(message);
        if (sent.length % 20 === 0) {
          expect(await readRetained(runtime.mqttPort, token, 'crash/counter')).toBe(message);
          readerRounds += 1;
        }
        await sleep(50);
      }
      await sleep(200);
      expect(closes).toEqual([]);
      expect(readerRounds).toBeGreaterThan(5);
      expect(sent.filter((message) => !received.has(message))).toEqual([]);
      expect(isAlive(runtime.pid)).toBe(true);
      // Its log went to its own file, not to the dead control plane.
      const log = readFileSync(path.join(dataDir, 'services', serviceId, 'runtime.log'), 'utf8');
      expect(log).toContain('"msg":"mqtt client connected"');

      // Restarted on the same DATA_DIR: the same process serves on, re-attached, and the clients never noticed.
      const secondPort = await freePort();
      servers.push(await startControlPlane({ port: secondPort, dataDir, portBase }));
      await waitForRunning(secondPort);
      expect(runtimePidsOf(serviceId)).toEqual([runtime.pid]);
      await publish(publisher, 'crash/counter', 'after-restart');
      await sleep(200);
      expect(received.has('after-restart')).toBe(true);
      expect(closes).toEqual([]);

      // Supervised again: a restart through the API replaces it with a new process that serves.
      const restart = await api(
        secondPort,
        'POST',
        routes.restartService.path.replace('{serviceId}', serviceId),
      );
      expect(restart.status).toBe(202);
      const deadline = Date.now() + 30_000;
      while (isAlive(runtime.pid) && Date.now() < deadline) await sleep(50);
      expect(isAlive(runtime.pid)).toBe(false);
      await waitForRunning(secondPort);
      const [replacement] = runtimePidsOf(serviceId);
      expect(replacement).toBeDefined();
      expect(replacement).not.toBe(runtime.pid);
      expect(await readRetained(runtime.mqttPort, token, 'crash/counter')).toBe('after-restart');

      // A graceful stop stops the runtime it supervises, also with an MQTT-over-WebSocket session open through
      // the server (a long-lived connection must not hold the stop).
      const webSocket = await openWebSocket(secondPort, `${serviceHostname(row)}.localhost`);
      const exited = new Promise<number | null>((resolve) => servers[1]!.once('exit', resolve));
      servers[1]!.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(runtimePidsOf(serviceId)).toEqual([]);
      webSocket.destroy();
    },
  );
});
