import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { closed, connectClient, nextMessage, refusalCode } from '../testing/mqtt-helpers';
import {
  TEST_WORKSPACE_ID,
  createTestKeys,
  testConfig,
  testDataDir,
  type TestKeys,
} from '../testing/test-keys';

/**
 * A member's dashboard token acts with the runtime role of their workspace role (docs/decisions/013), over MQTT
 * on TCP and WebSocket and on the admin API; revocations pushed by the control plane close live sessions and
 * refuse older tokens, also after a restart of the runtime.
 */
let keys: TestKeys;
let runtime: RunningRuntime;
let dataDir: string;
let controlPlaneToken: string;
const clients: MqttClient[] = [];
const urls = () => ({
  TCP: `mqtt://127.0.0.1:${runtime.mqttPort}`,
  WebSocket: `ws://127.0.0.1:${runtime.httpPort}/mqtt`,
});

async function connect(url: string, password: string): Promise<MqttClient> {
  const client = await connectClient(url, { username: 'token', password });
  clients.push(client);
  return client;
}

/** Resolves with true when `promise` settles within `ms`, false otherwise (a bound, not a speed assertion). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([promise.then(() => true as const), timeout]);
  clearTimeout(timer);
  return result;
}

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function revoke(customerId: string, notBefore: number, token = controlPlaneToken) {
  return api('PUT', '/admin/dashboard-revocations', token, {
    revocations: [{ customerId, notBefore }],
  });
}

beforeAll(async () => {
  keys = await createTestKeys();
  dataDir = await testDataDir();
  runtime = await startRuntime(testConfig(keys, dataDir), { logger: silentLogger });
  controlPlaneToken = await keys.serviceToken();
  // A retained value for readers to browse.
  await api('PUT', '/admin/topics/browse/a', controlPlaneToken, { value: { n: 1 } });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

describe.each(['TCP', 'WebSocket'] as const)('a User member over %s', (transport) => {
  it('browses: subscribes to ordinary topics and reads their values', async () => {
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'User' });
    const client = await connect(urls()[transport], token);
    const value = nextMessage(client, 'browse/a');
    const granted = await client.subscribeAsync('browse/#', { qos: 1 });
    expect(granted.map((grant) => grant.qos)).toEqual([1]);
    expect(await value).toMatchObject({ payload: '{"n":1}', retain: true });
  });

  it('may not subscribe to $SYS/#', async () => {
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'User' });
    const client = await connect(urls()[transport], token);
    // MQTT 3.1.1 section 3.9.3: 0x80 is a refusal (mqtt.js rejects with the SUBACK); the session stays.
    const refused = await client.subscribeAsync('$SYS/#', { qos: 0 }).then(
      () => null,
      (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
    );
    expect(refused).toEqual([128]);
    expect(client.connected).toBe(true);
  });

  it.each([
    ['publish a value', '{"n":2}'],
    ['clear a retained value', ''],
  ])('may not %s: the connection closes and the value stays', async (_case, payload) => {
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'User' });
    const client = await connect(urls()[transport], token);
    const isClosed = closed(client);
    client.publish('browse/a', payload, { qos: 0, retain: true });
    expect(await settlesWithin(isClosed, 5_000)).toBe(true);
    const topic = await api('GET', '/admin/topics/browse/a', controlPlaneToken);
    expect(topic.body.value).toEqual({ n: 1 });
  });
});

describe('the admin API with a dashboard token', () => {
  it('a User may read but not create principals, write or clear topics', async () => {
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'User' });
    expect((await api('GET', '/admin/topics', token)).status).toBe(200);
    expect(
      (
        await api('PUT', '/admin/principals/intruder', token, {
          password: 'p4ss',
          roles: ['ADMINISTRATOR'],
        })
      ).status,
    ).toBe(403);
    expect((await api('PUT', '/admin/topics/browse/b', token, { value: 1 })).status).toBe(403);
    expect((await api('DELETE', '/admin/topics', token)).status).toBe(403);
    const principals = await api('GET', '/admin/principals', controlPlaneToken);
    expect(JSON.stringify(principals.body)).not.toContain('intruder');
  });

  it('an Admin or Owner may create principals', async () => {
    for (const role of ['Admin', 'Owner'] as const) {
      const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: role });
      const created = await api('PUT', `/admin/principals/by-${role}`, token, {
        password: 'p4ss',
        roles: ['CLIENT'],
      });
      expect(created.status).toBe(201);
    }
  });

  it('no dashboard token may push revocations, whatever its role', async () => {
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'Owner' });
    expect((await revoke('someone', Date.now(), token)).status).toBe(403);
  });
});

describe('an Admin member', () => {
  it('subscribes to $SYS/# and publishes', async () => {
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'Admin' });
    const client = await connect(urls().TCP, token);
    const granted = await client.subscribeAsync('$SYS/#', { qos: 0 });
    expect(granted.map((grant) => grant.qos)).toEqual([0]);
    await client.publishAsync('admin/written', 'yes', { qos: 1 });
    expect((await api('GET', '/admin/topics/admin/written', controlPlaneToken)).status).toBe(200);
  });
});

describe('revocations', () => {
  it('close the member’s live sessions on TCP and WebSocket and refuse their older tokens', async () => {
    const customerId = 'member-removed';
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'Admin' }, { customerId });
    const bystanderToken = await keys.dashboardToken(
      { [TEST_WORKSPACE_ID]: 'Admin' },
      { customerId: 'bystander' },
    );
    const overTcp = await connect(urls().TCP, token);
    const overWebSocket = await connect(urls().WebSocket, token);
    const bystander = await connect(urls().TCP, bystanderToken);
    const gone = Promise.all([closed(overTcp), closed(overWebSocket)]);

    const pushed = await revoke(customerId, Date.now());
    expect(pushed).toEqual({ status: 200, body: { applied: 1, disconnected: 2 } });
    expect(await settlesWithin(gone, 5_000)).toBe(true);
    expect(bystander.connected).toBe(true);

    for (const url of Object.values(urls())) {
      expect(await refusalCode(url, { username: 'token', password: token })).toBe(4);
    }
    expect((await api('GET', '/admin/topics', token)).status).toBe(401);
    // A token issued after the change (the member's new role) is accepted.
    const fresh = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'User' }, { customerId });
    expect(await refusalCode(urls().TCP, { username: 'token', password: fresh })).toBe(0);
  });

  it('are idempotent and never move a revocation back', async () => {
    const customerId = 'member-twice';
    const at = Date.now();
    expect((await revoke(customerId, at)).body).toMatchObject({ applied: 1 });
    expect((await revoke(customerId, at)).body).toMatchObject({ applied: 0 });
    expect((await revoke(customerId, at - 10_000)).body).toMatchObject({ applied: 0 });
    const older = await keys.dashboardToken(
      { [TEST_WORKSPACE_ID]: 'User' },
      { customerId, issuedAtMs: at - 5_000 },
    );
    expect(await refusalCode(urls().TCP, { username: 'token', password: older })).toBe(4);
  });

  it('answer 400 naming the bad field', async () => {
    const response = await api('PUT', '/admin/dashboard-revocations', controlPlaneToken, {
      revocations: [{ customerId: 'x', notBefore: 'soon' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('body.revocations.0.notBefore');
  });

  it('survive a restart of the runtime', async () => {
    const customerId = 'member-before-restart';
    const token = await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'Owner' }, { customerId });
    await revoke(customerId, Date.now());
    await runtime.close();
    runtime = await startRuntime(testConfig(keys, dataDir), { logger: silentLogger });
    expect(await refusalCode(urls().TCP, { username: 'token', password: token })).toBe(4);
  });
});
