import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from './observability/log';
import { startRuntime, type RunningRuntime } from './runtime';
import { closed, connectClient, nextMessage, refusalCode } from './testing/mqtt-helpers';
import {
  TEST_SERVICE_ID,
  TEST_WORKSPACE_ID,
  createTestKeys,
  testConfig,
  testDataDir,
  type TestKeys,
} from './testing/test-keys';

let keys: TestKeys;
let runtime: RunningRuntime;
let tcpUrl: string;
let wsUrl: string;
let adminToken: string;
let readToken: string;
const clients: MqttClient[] = [];

interface ApiBody extends Record<string, unknown> {
  topics: { path: string }[];
  map: <T>(callback: (item: Record<string, string>) => T) => T[];
}

async function connect(url: string, password: string, username = 'token'): Promise<MqttClient> {
  const client = await connectClient(url, { username, password });
  clients.push(client);
  return client;
}

async function api(
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown } = {},
) {
  const token = options.token === undefined ? adminToken : options.token;
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch (_error) {
    // metrics are text
  }
  return { status: response.status, body: body as ApiBody };
}

beforeAll(async () => {
  keys = await createTestKeys();
  runtime = await startRuntime(testConfig(keys, await testDataDir(), { topicsCapacity: 50 }), {
    logger: silentLogger,
  });
  tcpUrl = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  wsUrl = `ws://127.0.0.1:${runtime.httpPort}/mqtt`;
  adminToken = await keys.serviceToken();
  readToken = await keys.serviceToken({ scope: 'read' });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

describe('MQTT authentication', () => {
  it('accepts a service token with any username', async () => {
    expect(await refusalCode(tcpUrl, { username: 'token', password: adminToken })).toBe(0);
    expect(await refusalCode(tcpUrl, { username: 'my-device', password: adminToken })).toBe(0);
  });

  it('accepts a dashboard token of the workspace', async () => {
    const token = await keys.dashboardToken({ other: 'User', [TEST_WORKSPACE_ID]: 'Owner' });
    expect(await refusalCode(tcpUrl, { username: 'token', password: token })).toBe(0);
  });

  it.each([
    ['anonymous', {}, 5],
    [
      'a badly signed token',
      { username: 'token', password: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
      4,
    ],
    ['an unknown principal', { username: 'ghost', password: 'secret' }, 4],
  ])('refuses %s with CONNACK %s', async (_case, options, code) => {
    expect(await refusalCode(tcpUrl, options)).toBe(code);
  });

  it('refuses tokens for another service or workspace, and expired or revoked tokens', async () => {
    const otherService = await keys.serviceToken({ serviceId: `${TEST_SERVICE_ID}-other` });
    const otherWorkspace = await keys.dashboardToken({ other: 'Owner' });
    const expired = await keys.serviceToken({ exp: Math.floor(Date.now() / 1000) - 60 });
    const revoked = await keys.serviceToken({ cv: 0 });
    expect(await refusalCode(tcpUrl, { username: 'token', password: otherService })).toBe(5);
    expect(await refusalCode(tcpUrl, { username: 'token', password: otherWorkspace })).toBe(5);
    expect(await refusalCode(tcpUrl, { username: 'token', password: expired })).toBe(4);
    expect(await refusalCode(tcpUrl, { username: 'token', password: revoked })).toBe(4);
  });
});

describe('publish and subscribe', () => {
  it('delivers a QoS 1 publish live with RETAIN 0 over TCP', async () => {
    const subscriber = await connect(tcpUrl, readToken);
    await subscriber.subscribeAsync('live/#', { qos: 1 });
    const publisher = await connect(tcpUrl, adminToken);
    const received = nextMessage(subscriber, 'live/a');
    await publisher.publishAsync('live/a', 'hello', { qos: 1 });
    expect(await received).toEqual({ topic: 'live/a', payload: 'hello', retain: false });
  });

  it('delivers over WebSocket with the mqtt subprotocol', async () => {
    const subscriber = await connect(wsUrl, readToken);
    await subscriber.subscribeAsync('ws/#', { qos: 1 });
    const publisher = await connect(wsUrl, adminToken);
    const received = nextMessage(subscriber, 'ws/a');
    await publisher.publishAsync('ws/a', '{"n":1}', { qos: 1 });
    expect(await received).toMatchObject({ payload: '{"n":1}' });
    const sessions = await api('GET', '/admin/sessions');
    expect(sessions.body.map((session) => session.transport)).toContain('WEBSOCKET');
  });

  it('gives a new subscriber the current value as a retained message', async () => {
    const publisher = await connect(tcpUrl, adminToken);
    await publisher.publishAsync('current/value', 'first', { qos: 1 });
    await publisher.publishAsync('current/value', 'second', { qos: 1 });
    const subscriber = await connect(tcpUrl, readToken);
    const received = nextMessage(subscriber, 'current/value');
    await subscriber.subscribeAsync('current/#', { qos: 1 });
    expect(await received).toEqual({ topic: 'current/value', payload: 'second', retain: true });
    const topic = await api('GET', '/admin/topics/current/value');
    expect(topic.body).toMatchObject({ path: 'current/value', type: 'STRING', value: 'second' });
  });

  it('creates JSON topics for JSON object payloads', async () => {
    const publisher = await connect(tcpUrl, adminToken);
    await publisher.publishAsync('typed/json', '{"a":[1]}', { qos: 1 });
    const topic = await api('GET', '/admin/topics/typed/json');
    expect(topic.body).toMatchObject({ type: 'JSON', value: { a: [1] } });
  });

  it('refuses a publish by a read-only session by closing its connection', async () => {
    const reader = await connect(tcpUrl, readToken);
    const gone = closed(reader);
    reader.publish('readonly/attempt', 'x', { qos: 1 });
    await gone;
    expect((await api('GET', '/admin/topics/readonly/attempt')).status).toBe(404);
  });

  it('guards $SYS: refused to a CLIENT with the SUBACK failure code, granted to an administrator', async () => {
    const reader = await connect(tcpUrl, readToken);
    const refused = await reader.subscribeAsync('$SYS/#', { qos: 0 }).then(
      () => null,
      (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
    );
    expect(refused).toEqual([128]);
    expect(reader.connected).toBe(true);
    const administrator = await connect(tcpUrl, adminToken);
    const granted = await administrator.subscribeAsync('$SYS/#', { qos: 0 });
    expect(granted[0]?.qos).toBe(0);
    const gone = closed(administrator);
    administrator.publish('$SYS/fake', 'x', { qos: 1 });
    await gone;
  });
});

describe('principals', () => {
  it('authenticates a principal by password with its roles', async () => {
    expect(
      (
        await api('PUT', '/admin/principals/device-1', {
          body: { password: 'pw-1', roles: ['CLIENT'] },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api('PUT', '/admin/principals/device-1', {
          body: { password: 'pw-2', roles: ['CLIENT'] },
        })
      ).status,
    ).toBe(200);
    expect(await refusalCode(tcpUrl, { username: 'device-1', password: 'pw-1' })).toBe(4);
    const device = await connect(tcpUrl, 'pw-2', 'device-1');
    expect((await device.subscribeAsync('a/#'))[0]?.qos).toBe(0);
    const principals = await api('GET', '/admin/principals');
    expect(principals.body).toEqual([{ name: 'device-1', roles: ['CLIENT'] }]);
    expect(JSON.stringify(principals.body)).not.toContain('scrypt');
  });

  it('refuses unknown roles and removes principals', async () => {
    const bad = await api('PUT', '/admin/principals/p2', {
      body: { password: 'x', roles: ['WIZARD'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('WIZARD');
    await api('PUT', '/admin/principals/p2', { body: { password: 'x', roles: ['ADMINISTRATOR'] } });
    expect((await api('DELETE', '/admin/principals/p2')).status).toBe(200);
    expect((await api('DELETE', '/admin/principals/p2')).status).toBe(404);
    expect(await refusalCode(tcpUrl, { username: 'p2', password: 'x' })).toBe(4);
  });
});

describe('the admin API', () => {
  it('answers health without a token and refuses the rest without a valid one', async () => {
    expect(await api('GET', '/health', { token: null })).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
    expect((await api('GET', '/admin/server', { token: null })).status).toBe(401);
    expect((await api('GET', '/admin/server', { token: 'nonsense' })).status).toBe(401);
    expect((await api('GET', '/metrics', { token: null })).status).toBe(401);
    const forbidden = await api('PUT', '/admin/topics/x', {
      token: readToken,
      body: { value: 'x' },
    });
    expect(forbidden).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('reports the server', async () => {
    // VIEW_SERVER (docs/decisions/021): the control plane's token has it, a read token (CLIENT) does not.
    expect((await api('GET', '/admin/server', { token: readToken })).status).toBe(403);
    const server = await api('GET', '/admin/server');
    expect(server.body).toMatchObject({
      serviceId: TEST_SERVICE_ID,
      serviceName: 'test-service',
      version: '6.11.0',
      topicsCapacity: 50,
      // In process here: the runtime's pid is the test's (the control plane's re-attach check compares it).
      pid: process.pid,
    });
    expect(typeof server.body.uptimeSeconds).toBe('number');
  });

  it('creates and updates topics, durable and published to subscribers', async () => {
    const subscriber = await connect(tcpUrl, readToken);
    await subscriber.subscribeAsync('admin/#', { qos: 1 });
    const received = nextMessage(subscriber, 'admin/temp');
    const created = await api('PUT', '/admin/topics/admin/temp', {
      body: { type: 'DOUBLE', value: 21.5 },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { path: 'admin/temp', type: 'DOUBLE', value: 21.5 },
    });
    expect(await received).toMatchObject({ payload: '21.5' });
    const updated = await api('PUT', '/admin/topics/admin/temp', { body: { value: 22 } });
    expect(updated).toMatchObject({ status: 200, body: { value: 22 } });
    const binary = await api('PUT', '/admin/topics/admin/blob', {
      body: { type: 'BINARY', value: 'AAEC' },
    });
    expect(binary.body).toMatchObject({ value: 'AAEC' });
  });

  it.each([
    ['a bad type', '/admin/topics/bad/a', { type: 'NUMBER' }, 'body.type'],
    [
      'a value of the wrong type',
      '/admin/topics/bad/b',
      { type: 'DOUBLE', value: 'x' },
      'body.value',
    ],
    ['an invalid path', '/admin/topics/bad//c', { value: 'x' }, 'path'],
    ['a $SYS path', '/admin/topics/$SYS/x', { value: 'x' }, '$SYS'],
  ])('refuses %s with 400', async (_case, path, body, message) => {
    const response = await api('PUT', path, { body });
    expect(response).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(response.body.message).toContain(message);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await fetch(`http://127.0.0.1:${runtime.httpPort}/admin/topics/x`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}` },
      body: '{nope',
    });
    expect(response.status).toBe(400);
  });

  it('pages topics by selector in path order', async () => {
    for (const name of ['c', 'a', 'b', 'd', 'e']) {
      await api('PUT', `/admin/topics/paging/${name}`, { body: { value: name } });
    }
    const first = await api(
      'GET',
      '/admin/topics?selector=' + encodeURIComponent('>paging/') + '&limit=2',
    );
    expect(first.body).toMatchObject({ hasMore: true });
    expect(first.body.topics.map((topic) => topic.path)).toEqual(['paging/a', 'paging/b']);
    const second = await api(
      'GET',
      '/admin/topics?selector=' + encodeURIComponent('?paging/[c-e]') + '&after=paging/c&limit=2',
    );
    expect(second.body.topics.map((topic) => topic.path)).toEqual(['paging/d', 'paging/e']);
    expect(second.body.hasMore).toBe(false);
    expect((await api('GET', '/admin/topics?limit=0')).status).toBe(400);
    expect((await api('GET', '/admin/topics?limit=1001')).status).toBe(400);
    const badSelector = await api(
      'GET',
      '/admin/topics?selector=' + encodeURIComponent('?paging/(['),
    );
    expect(badSelector.status).toBe(400);
    expect(badSelector.body.message).toContain('Invalid regular expression');
  });

  it('removes topics by selector and their retained values', async () => {
    const removed = await api(
      'DELETE',
      '/admin/topics?selector=' + encodeURIComponent('>paging//'),
    );
    expect(removed.body).toEqual({ removed: 5 });
    const subscriber = await connect(tcpUrl, readToken);
    let retained = 0;
    subscriber.on('message', () => (retained += 1));
    await subscriber.subscribeAsync('paging/#');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(retained).toBe(0);
  });

  it('refuses new topics beyond capacity, over MQTT and the API', async () => {
    const server = await api('GET', '/admin/server');
    const room = (server.body.topicsCapacity as number) - Number(server.body.topics);
    for (let index = 0; index < room; index += 1) {
      await api('PUT', `/admin/topics/fill/${index}`, { body: { value: index } });
    }
    expect((await api('PUT', '/admin/topics/fill/over', { body: { value: 1 } })).status).toBe(409);
    const publisher = await connect(tcpUrl, adminToken);
    const gone = closed(publisher);
    publisher.publish('fill/over-mqtt', 'x', { qos: 1 });
    await gone;
    expect((await api('GET', '/admin/topics/fill/over-mqtt')).status).toBe(404);
    const updater = await connect(tcpUrl, adminToken);
    await updater.publishAsync('fill/0', 'still updatable', { qos: 1 });
    expect((await api('GET', '/admin/topics/fill/0')).body).toMatchObject({
      value: 'still updatable',
    });
  });

  it('exports Prometheus metrics', async () => {
    expect((await api('GET', '/metrics', { token: readToken })).status).toBe(403);
    const metrics = await api('GET', '/metrics');
    const text = metrics.body as unknown as string;
    expect(text).toContain('# TYPE herald_messages_in_total counter');
    expect(text).toMatch(/herald_topics\{service="test-service"\} \d+/);
    expect(text).toMatch(/herald_messages_out_total\{service="test-service"\} [1-9]\d*/);
  });

  it('bills client publishes and deliveries to clients, never the runtime own $SYS information', async () => {
    const metric = async (name: string) => {
      const text = (await api('GET', '/metrics')).body as unknown as string;
      const match = new RegExp(`^${name}\\{service="test-service"\\} (\\d+)$`, 'm').exec(text);
      if (!match) throw new Error(`${name} is not exported`);
      return Number(match[1]);
    };
    const startedAt = await metric('herald_runtime_start_time_seconds');
    expect(Math.abs(startedAt - Date.now() / 1000)).toBeLessThan(600);
    const subscriber = await connect(tcpUrl, adminToken);
    const nextSysMessage = () =>
      new Promise<void>((resolve) => {
        const onMessage = (topic: string) => {
          if (!topic.startsWith('$SYS/')) return;
          subscriber.off('message', onMessage);
          resolve();
        };
        subscriber.on('message', onMessage);
      });
    const sysInformation = nextSysMessage();
    // The topic tree is full (the test above): an existing topic, whose retained value arrives first.
    const retained = nextMessage(subscriber, 'fill/0');
    await subscriber.subscribeAsync(['$SYS/#', 'fill/0'], { qos: 1 });
    await Promise.all([sysInformation, retained]);
    const billedBefore = await metric('herald_billed_messages_total');
    const bytesBefore = await metric('herald_bytes_total');
    const deliveredBefore = await metric('herald_messages_out_total');
    // The publisher's session is announced on $SYS/herald/sessions: a delivery to the subscriber, never billed.
    const sessionsChange = nextSysMessage();
    const publisher = await connect(tcpUrl, adminToken);
    for (let index = 0; index < 3; index += 1) {
      const received = nextMessage(subscriber, 'fill/0');
      await publisher.publishAsync('fill/0', 'abcd', { qos: 1 });
      await received;
    }
    await sessionsChange;
    expect((await metric('herald_messages_out_total')) - deliveredBefore).toBeGreaterThan(3);
    // 3 publishes + 3 deliveries, 4 payload bytes each way.
    expect((await metric('herald_billed_messages_total')) - billedBefore).toBe(6);
    expect((await metric('herald_bytes_total')) - bytesBefore).toBe(24);
    expect(await metric('herald_runtime_start_time_seconds')).toBe(startedAt);
  });

  it('raises the credential version and disconnects sessions of older tokens', async () => {
    const old = await connect(tcpUrl, adminToken);
    const dashboard = await connect(
      tcpUrl,
      await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'Admin' }),
    );
    const gone = closed(old);
    const raised = await api('PUT', '/admin/credentials', {
      token: await keys.serviceToken({ cv: 2 }),
      body: { credentialVersion: 2 },
    });
    expect(raised.status).toBe(200);
    await gone;
    expect(dashboard.connected).toBe(true);
    expect(await refusalCode(tcpUrl, { username: 'token', password: adminToken })).toBe(4);
    adminToken = await keys.serviceToken({ cv: 2 });
    expect(
      (await api('PUT', '/admin/credentials', { body: { credentialVersion: 1 } })).status,
    ).toBe(400);
  });

  it('resets the topic tree', async () => {
    const removed = await api('DELETE', '/admin/topics');
    expect(removed.body.removed).toBeGreaterThan(0);
    expect((await api('GET', '/admin/server')).body.topics).toBe(0);
  });
});
