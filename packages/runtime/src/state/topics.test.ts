import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  timeSeriesEventsSchema,
  topicCountSchema,
  topicSchema,
  topicTreeSchema,
} from '@herald/contract/topics/topic.schema';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { closed, connectClient, nextMessage } from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from '../testing/test-keys';

/** The topic model over MQTT (real mqtt.js clients) and the admin API, against one in-process runtime. */
let keys: TestKeys;
let runtime: RunningRuntime;
let dataDir: string;
let tcpUrl: string;
let adminToken: string;
const clients: MqttClient[] = [];

async function connect(options: { username?: string; password?: string } = {}) {
  const client = await connectClient(tcpUrl, {
    username: options.username ?? 'token',
    password: options.password ?? adminToken,
  });
  client.on('error', () => {});
  clients.push(client);
  return client;
}

async function api(method: string, path: string, body?: unknown, token = adminToken) {
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

const put = (path: string, body: unknown) => api('PUT', `/admin/topics/${path}`, body);
const valueOf = async (path: string) => (await api('GET', `/admin/topics/${path}`)).body.value;

/** Publishes with QoS 1 and resolves with whether the runtime kept the connection (a refusal closes it). */
async function publishAccepted(client: MqttClient, topic: string, payload: string | Buffer) {
  const gone = closed(client).then(() => false);
  const acked = client.publishAsync(topic, payload, { qos: 1 }).then(
    () => true,
    () => false,
  );
  return Promise.race([acked, gone]);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  keys = await createTestKeys();
  dataDir = await testDataDir();
  runtime = await startRuntime(testConfig(keys, dataDir, { topicsCapacity: 200 }), {
    logger: silentLogger,
    removalIntervalMs: 50,
  });
  tcpUrl = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  adminToken = await keys.serviceToken();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

describe('values are validated by type on the admin API', () => {
  it.each([
    [
      'types/int',
      'INT64',
      42,
      'nope',
      'body.value: value of an INT64 topic must be a 64-bit integer',
    ],
    [
      'types/double',
      'DOUBLE',
      21.5,
      '21.5',
      'body.value: value of a DOUBLE topic must be a finite number',
    ],
    [
      'types/binary',
      'BINARY',
      'AP8=',
      'not base64',
      'body.value: value of a BINARY topic must be base64',
    ],
    ['types/string', 'STRING', 'hello', 7, 'body.value: value of a STRING topic must be a string'],
  ])('%s (%s) takes %j and refuses %j', async (path, type, good, bad, message) => {
    const created = await put(path, { type, value: good });
    expect(created.status).toBe(201);
    expect(topicSchema.parse(created.body)).toMatchObject({ path, type, value: good });
    const refused = await put(path, { value: bad });
    expect(refused).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message } });
    expect(await valueOf(path)).toEqual(good);
  });

  it('answers the stored topic with 200 on update and keeps INT64 beyond 2^53 exact', async () => {
    const updated = await put('types/int', { value: '9223372036854775807' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ type: 'INT64', value: '9223372036854775807' });
  });

  it('refuses bad properties, naming the property', async () => {
    expect(await put('types/p', { type: 'JSON', properties: { PERSISTENT: 'yes' } })).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: 'body.properties.PERSISTENT: PERSISTENT must be "true" or "false"; got "yes"',
      },
    });
    const wrongType = await put('types/p', {
      type: 'STRING',
      properties: { TIME_SERIES_RETAINED_RANGE: 'limit 5' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('does not apply to a STRING topic');
    expect((await put('types/p', { type: 'NUMBER' })).status).toBe(400);
    expect((await api('GET', '/admin/topics/types/p')).status).toBe(404);
  });
});

describe('values are validated by type over MQTT', () => {
  it.each([
    ['types/int', '17', 17, 'seventeen'],
    ['types/double', '-1.5e2', -150, 'NaN'],
  ])(
    '%s takes %s (read back as %s) and closes the connection of a publish of %s',
    async (path, good, value, bad) => {
      const client = await connect();
      expect(await publishAccepted(client, path, good)).toBe(true);
      expect(await valueOf(path)).toBe(value);
      expect(await publishAccepted(client, path, bad)).toBe(false);
      expect(await valueOf(path)).toBe(value);
    },
  );

  it('checks JSON and STRING payloads only with VALIDATE_VALUES', async () => {
    await put('types/loose', { type: 'JSON', value: { a: 1 } });
    await put('types/strict', { type: 'JSON', properties: { VALIDATE_VALUES: 'true' } });
    await put('types/utf8', { type: 'STRING', properties: { VALIDATE_VALUES: 'true' } });
    const client = await connect();
    expect(await publishAccepted(client, 'types/loose', '{oops')).toBe(true);
    expect(await publishAccepted(client, 'types/strict', '{"ok":true}')).toBe(true);
    expect(await valueOf('types/strict')).toEqual({ ok: true });
    expect(await publishAccepted(client, 'types/strict', '{oops')).toBe(false);
    const other = await connect();
    expect(await publishAccepted(other, 'types/utf8', Buffer.from([0xff, 0xfe]))).toBe(false);
    expect(await valueOf('types/strict')).toEqual({ ok: true });
  });
});

describe('time series topics', () => {
  it('append events with sequence numbers, bounded by the retained range', async () => {
    const created = await put('series/temp', {
      type: 'TIME_SERIES',
      properties: { TIME_SERIES_EVENT_VALUE_TYPE: 'DOUBLE', TIME_SERIES_RETAINED_RANGE: 'limit 3' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      value: null,
      properties: { TIME_SERIES_RETAINED_RANGE: 'limit 3' },
    });
    const subscriber = await connect();
    await subscriber.subscribeAsync('series/temp');
    const live = nextMessage(subscriber, 'series/temp');
    const publisher = await connect();
    for (const value of ['1.5', '2.5', '3.5', '4.5']) {
      expect(await publishAccepted(publisher, 'series/temp', value)).toBe(true);
    }
    expect((await live).payload).toBe('1.5');
    expect((await put('series/temp', { value: 5.5 })).body).toMatchObject({ value: 5.5 });
    const events = await api('GET', '/admin/time-series?path=series/temp');
    expect(timeSeriesEventsSchema.parse(events.body)).toMatchObject({
      path: 'series/temp',
      hasMore: false,
      events: [
        { sequence: 2, value: 3.5 },
        { sequence: 3, value: 4.5 },
        { sequence: 4, value: 5.5 },
      ],
    });
    const page = await api('GET', '/admin/time-series?path=series/temp&after=2&limit=1');
    expect(page.body).toMatchObject({ events: [{ sequence: 3 }], hasMore: true });
    expect(await valueOf('series/temp')).toBe(5.5);
    // A new subscriber gets the latest event.
    const late = await connect();
    const retained = nextMessage(late, 'series/temp');
    await late.subscribeAsync('series/temp');
    expect(await retained).toMatchObject({ payload: '5.5', retain: true });
  });

  it('refuse events that do not fit the event value type, on both paths', async () => {
    const refused = await put('series/temp', { value: 'warm' });
    expect(refused.body.message).toBe(
      'body.value: value of an event of a DOUBLE time series must be a finite number',
    );
    expect(await publishAccepted(await connect(), 'series/temp', 'warm')).toBe(false);
    const changed = await put('series/temp', {
      properties: { TIME_SERIES_EVENT_VALUE_TYPE: 'STRING' },
    });
    expect(changed.status).toBe(400);
  });

  it('write an event whole even when a removal of its topic comes in at the same time', async () => {
    // The removal is sent while the write waits for its topic record to be durable: it must come before or after
    // the whole write (topic and event), never between them (that was a 500 "internal error").
    for (let round = 0; round < 40; round += 1) {
      const [written, removed] = await Promise.all([
        put('race/series', { type: 'TIME_SERIES', value: `${round}` }),
        // From at once to 2 ms later: some rounds land while the write waits for the disk.
        new Promise((resolve) => setTimeout(resolve, (round % 20) / 10)).then(() =>
          api('DELETE', '/admin/topics?selector=race//'),
        ),
      ]);
      expect(written.status, JSON.stringify(written.body)).toBeLessThan(300);
      expect(removed.status).toBe(200);
      const after = await api('GET', '/admin/time-series?path=race/series');
      if (after.status === 200) {
        expect(after.body).toMatchObject({ events: [{ value: `${round}` }] });
        continue;
      }
      expect(after.status).toBe(404);
      // Gone: no retained value outlives it.
      const late = await connect();
      const retained: string[] = [];
      late.on('message', (_topic, payload) => retained.push(payload.toString()));
      await late.subscribeAsync('race/series');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(retained, `round ${round}`).toEqual([]);
      await late.endAsync(true);
    }
  });

  it('answer 404 for no topic and 400 for a topic that is not a time series', async () => {
    expect((await api('GET', '/admin/time-series?path=series/none')).status).toBe(404);
    const plain = await api('GET', '/admin/time-series?path=types/int');
    expect(plain.status).toBe(400);
    expect(plain.body.message).toContain('not a time series');
  });
});

describe('topic properties that change behaviour', () => {
  it('DONT_RETAIN_VALUE delivers live and keeps nothing', async () => {
    await put('props/live', { type: 'STRING', properties: { DONT_RETAIN_VALUE: 'true' } });
    const subscriber = await connect();
    await subscriber.subscribeAsync('props/live');
    const live = nextMessage(subscriber, 'props/live');
    expect(await publishAccepted(await connect(), 'props/live', 'now')).toBe(true);
    expect(await live).toMatchObject({ payload: 'now', retain: false });
    expect(await valueOf('props/live')).toBeNull();
    const late = await connect();
    let received = 0;
    late.on('message', () => (received += 1));
    await late.subscribeAsync('props/live');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toBe(0);
  });

  it('OWNER lets its principal read and write the topic whatever its roles', async () => {
    expect(
      (await api('PUT', '/admin/principals/sensor-1', { password: 'secret-1', roles: [] })).status,
    ).toBe(201);
    await put('props/owned', {
      type: 'INT64',
      properties: { OWNER: '$Principal is "sensor-1"' },
      value: 1,
    });
    await put('props/other', { type: 'INT64', value: 1 });
    const owner = await connect({ username: 'sensor-1', password: 'secret-1' });
    const [granted] = await owner.subscribeAsync('props/owned');
    expect(granted?.qos).toBe(0);
    expect(await publishAccepted(owner, 'props/owned', '2')).toBe(true);
    expect(await valueOf('props/owned')).toBe(2);
    // A refused SUBSCRIBE gets 0x80 in its SUBACK, which mqtt.js reports as an error.
    await expect(owner.subscribeAsync('props/other')).rejects.toThrow();
    expect(await publishAccepted(owner, 'props/other', '2')).toBe(false);
    expect(await valueOf('props/other')).toBe(1);
  });

  it('REMOVAL removes a topic when its conditions hold', async () => {
    await put('props/stale', {
      type: 'STRING',
      properties: { REMOVAL: 'when no updates for 300ms' },
      value: 'x',
    });
    await put('props/expired', { type: 'STRING', properties: { REMOVAL: 'when time after 1000' } });
    await put('props/watched', {
      type: 'STRING',
      properties: { REMOVAL: 'when subscriptions < 1 for 200ms' },
    });
    const watcher = await connect();
    await watcher.subscribeAsync('props/+');
    const exists = async (path: string) =>
      (await api('GET', `/admin/topics/${path}`)).status === 200;
    await waitFor(async () => !(await exists('props/stale')) && !(await exists('props/expired')));
    expect(await exists('props/watched')).toBe(true);
    await watcher.unsubscribeAsync('props/+');
    await waitFor(async () => !(await exists('props/watched')));
  });

  it('PERSISTENT "false" keeps a topic in memory only', async () => {
    await put('memory/only', { type: 'STRING', properties: { PERSISTENT: 'false' }, value: 'a' });
    await put('memory/kept', { type: 'STRING', value: 'b' });
    expect(await publishAccepted(await connect(), 'memory/only', 'c')).toBe(true);
    expect(await valueOf('memory/only')).toBe('c');
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    await runtime.close();
    runtime = await startRuntime(testConfig(keys, dataDir, { topicsCapacity: 200 }), {
      logger: silentLogger,
      removalIntervalMs: 50,
    });
    tcpUrl = `mqtt://127.0.0.1:${runtime.mqttPort}`;
    expect((await api('GET', '/admin/topics/memory/only')).status).toBe(404);
    expect(await valueOf('memory/kept')).toBe('b');
    expect((await api('GET', '/admin/time-series?path=series/temp')).body).toMatchObject({
      events: [{ sequence: 2 }, { sequence: 3 }, { sequence: 4 }],
    });
  });
});

describe('the topic tree, counts and removal by selector', () => {
  it('lists children in name order with descendants, in pages', async () => {
    for (const path of ['tree/a/1', 'tree/a/2/x', 'tree/b', 'tree/c/1']) {
      await put(path, { type: 'INT64', value: 1 });
    }
    const level = await api('GET', '/admin/topic-tree?parent=tree&limit=2');
    expect(topicTreeSchema.parse(level.body)).toEqual({
      parent: 'tree',
      nodes: [
        { name: 'a', path: 'tree/a', type: null, descendants: 2, messages: 0 },
        { name: 'b', path: 'tree/b', type: 'INT64', descendants: 0, messages: 0 },
      ],
      total: 3,
      hasMore: true,
    });
    const next = await api('GET', '/admin/topic-tree?parent=tree&after=b');
    expect(next.body).toMatchObject({ nodes: [{ name: 'c', descendants: 1 }], hasMore: false });
    const root = await api('GET', '/admin/topic-tree');
    expect((root.body.nodes as { name: string }[]).map((node) => node.name)).toContain('tree');
    expect((await api('GET', '/admin/topic-tree?limit=10001')).status).toBe(400);
    expect((await api('GET', '/admin/topic-tree?parent=a//b')).status).toBe(400);
  });

  it("counts MQTT publishes per branch and reports each topic's last QoS and retained flag", async () => {
    const client = await connect();
    await client.publishAsync('counted/line1/a', '1', { qos: 1 });
    await client.publishAsync('counted/line1/a', '2', { qos: 1 });
    await client.publishAsync('counted/line1/b', '3', { qos: 2 });
    await client.publishAsync('counted/c', '4', { qos: 0 });
    // QoS 0 has no acknowledgement: wait for the value to be in.
    await waitFor(async () => (await valueOf('counted/c')) === '4');
    const root = topicTreeSchema.parse((await api('GET', '/admin/topic-tree')).body);
    expect(root.nodes.find((node) => node.name === 'counted')?.messages).toBe(4);
    const level = topicTreeSchema.parse(
      (await api('GET', '/admin/topic-tree?parent=counted')).body,
    );
    expect(level.nodes.map((node) => [node.name, node.messages])).toEqual([
      ['c', 1],
      ['line1', 3],
    ]);
    const topic = async (path: string) =>
      topicSchema.parse((await api('GET', `/admin/topics/${path}`)).body);
    expect(await topic('counted/line1/a')).toMatchObject({ qos: 1, retained: true });
    expect(await topic('counted/line1/b')).toMatchObject({ qos: 2, retained: true });
    expect(await topic('counted/c')).toMatchObject({ qos: 0, retained: true });
    // Set through the admin API: no MQTT publish, so no QoS; no value kept with DONT_RETAIN_VALUE.
    await put('counted/quiet', {
      type: 'STRING',
      properties: { DONT_RETAIN_VALUE: 'true' },
      value: 'x',
    });
    expect(await topic('counted/quiet')).toMatchObject({ qos: null, retained: false });
  });

  it('counts topics per selector', async () => {
    const count = async (selector: string) =>
      topicCountSchema.parse(
        (await api('GET', `/admin/topic-count?selector=${encodeURIComponent(selector)}`)).body,
      ).count;
    expect(await count('>tree//')).toBe(4);
    expect(await count('?tree/a/.*')).toBe(1);
    expect(await count('*tree/.*/1')).toBe(2);
    expect((await api('GET', '/admin/topic-count')).status).toBe(400);
  });

  it('lists topics in tree order after a path', async () => {
    const page = await api(
      'GET',
      `/admin/topics?selector=${encodeURIComponent('>tree/')}&after=tree/a/1&limit=2`,
    );
    expect((page.body.topics as { path: string }[]).map((topic) => topic.path)).toEqual([
      'tree/a/2/x',
      'tree/b',
    ]);
    expect(page.body.hasMore).toBe(true);
  });

  it('removes by selector and keeps the tree in step', async () => {
    const removed = await api(
      'DELETE',
      `/admin/topics?selector=${encodeURIComponent('>tree/a//')}`,
    );
    expect(removed.body).toEqual({ removed: 2 });
    const level = await api('GET', '/admin/topic-tree?parent=tree');
    expect((level.body.nodes as { name: string }[]).map((node) => node.name)).toEqual(['b', 'c']);
  });

  it('lets a read token browse but not write', async () => {
    const readToken = await keys.serviceToken({ scope: 'read' });
    expect((await api('GET', '/admin/topic-tree?parent=tree', undefined, readToken)).status).toBe(
      200,
    );
    expect((await api('PUT', '/admin/topics/tree/z', { value: 'x' }, readToken)).status).toBe(403);
  });
});
