import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYS_SERVER_TOPIC,
  SYS_SESSIONS_TOPIC,
  sysServerSchema,
  sysSessionsSchema,
} from '@herald/contract/console/console.schema';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { startSysTopics } from './sys-topics';
import { connectClient, nextMessage } from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from '../testing/test-keys';

let keys: TestKeys;
let runtime: RunningRuntime;
let tcpUrl: string;
let wsUrl: string;
const clients: MqttClient[] = [];

async function connect(url: string, password: string, clientId?: string) {
  const client = await connectClient(url, {
    username: 'token',
    password,
    ...(clientId && { clientId }),
  });
  clients.push(client);
  return client;
}

/** The next `$SYS/herald/sessions` whose list satisfies `until` (it is republished on each change). */
function sessionsUntil(client: MqttClient, until: (ids: string[]) => boolean) {
  return new Promise<ReturnType<typeof sysSessionsSchema.parse>>((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic !== SYS_SESSIONS_TOPIC) return;
      const body = sysSessionsSchema.parse(JSON.parse(payload.toString()));
      if (!until(body.sessions.map((session) => session.clientId))) return;
      client.off('message', onMessage);
      resolve(body);
    };
    client.on('message', onMessage);
  });
}

beforeAll(async () => {
  keys = await createTestKeys();
  runtime = await startRuntime(testConfig(keys, await testDataDir(), { topicsCapacity: 3 }), {
    logger: silentLogger,
  });
  tcpUrl = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  wsUrl = `ws://127.0.0.1:${runtime.httpPort}/mqtt`;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

describe('the $SYS topics of the console', () => {
  it('gives an ADMINISTRATOR the retained server information', async () => {
    const admin = await connect(wsUrl, await keys.serviceToken(), 'sys-admin-1');
    const message = nextMessage(admin, SYS_SERVER_TOPIC);
    await admin.subscribeAsync(SYS_SERVER_TOPIC);
    const received = await message;
    expect(received.retain).toBe(true);
    const server = sysServerSchema.parse(JSON.parse(received.payload));
    expect(server).toMatchObject({
      serviceId: 'svc-test',
      serviceName: 'test-service',
      version: '6.11.0',
      topicsCapacity: 3,
    });
    expect(server.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('lists the sessions with principal and transport, updated on connect and disconnect', async () => {
    const admin = await connect(wsUrl, await keys.serviceToken(), 'sys-admin-2');
    await admin.subscribeAsync(SYS_SESSIONS_TOPIC);
    const withDevice = sessionsUntil(admin, (ids) => ids.includes('sys-device'));
    const device = await connect(tcpUrl, await keys.serviceToken({ scope: 'read' }), 'sys-device');
    const listed = await withDevice;
    expect(listed.sessions).toContainEqual(
      expect.objectContaining({ clientId: 'sys-admin-2', transport: 'WEBSOCKET' }),
    );
    expect(listed.sessions).toContainEqual(
      expect.objectContaining({
        clientId: 'sys-device',
        transport: 'TCP',
        principal: 'test-subject',
      }),
    );
    const withoutDevice = sessionsUntil(admin, (ids) => !ids.includes('sys-device'));
    await device.endAsync();
    expect((await withoutDevice).total).toBeGreaterThanOrEqual(1);
  });

  it('refuses $SYS/ to a CLIENT session and never delivers it through #', async () => {
    const reader = await connect(tcpUrl, await keys.serviceToken({ scope: 'read' }), 'sys-reader');
    // mqtt.js rejects a SUBACK with the failure code 0x80.
    await expect(reader.subscribeAsync(SYS_SERVER_TOPIC)).rejects.toThrow(/Subscribe error/);
    const admin = await connect(tcpUrl, await keys.serviceToken(), 'sys-admin-3');
    const seen: string[] = [];
    admin.on('message', (topic) => seen.push(topic));
    await admin.publishAsync('plain/topic', 'v1', { qos: 1 });
    const value = nextMessage(admin, 'plain/topic');
    await admin.subscribeAsync('#');
    await value;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.filter((topic) => topic.startsWith('$SYS/'))).toEqual([]);
  });

  it('does not count against the capacity or appear among the topics', async () => {
    const admin = await connect(tcpUrl, await keys.serviceToken(), 'sys-admin-4');
    // Capacity 3: plain/topic exists; two more fit, whatever $SYS holds.
    await admin.publishAsync('a/1', 'x', { qos: 1 });
    await admin.publishAsync('a/2', 'x', { qos: 1 });
    const response = await fetch(`http://127.0.0.1:${runtime.httpPort}/admin/server`, {
      headers: { authorization: `Bearer ${await keys.serviceToken()}` },
    });
    const body = (await response.json()) as { topics: number };
    expect(body.topics).toBe(3);
  });
});

describe('the $SYS publisher', () => {
  it('publishes a burst of changes once per interval, not once per change', async () => {
    const published: string[] = [];
    const sessions = [
      { clientId: 'a', principal: 'p', transport: 'TCP' as const, connectedAt: '' },
    ];
    const sys = startSysTopics(
      { publish: (packet, done) => (published.push(packet.topic), done(undefined)) },
      {
        serviceId: 's',
        serviceName: 'n',
        version: '1',
        startedAt: Date.now(),
        topicsCapacity: 1,
        topicCount: () => 0,
        sessions: () => sessions,
      },
      { minIntervalMs: 100, refreshMs: 60_000 },
    );
    expect(published).toEqual([SYS_SERVER_TOPIC, SYS_SESSIONS_TOPIC]);
    for (let index = 0; index < 1000; index += 1) sys.changed();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(published).toHaveLength(4);
    sys.stop();
    sys.changed();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(published).toHaveLength(4);
  });
});
