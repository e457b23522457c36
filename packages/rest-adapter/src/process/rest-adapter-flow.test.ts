import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestSigner,
  startTestRuntime,
  type TestRuntime,
  type TestSigner,
} from '@herald/adapter-kit/testing/test-runtime';
import type {
  RestAdapterProcessConfig,
  RestProcessApi,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import { killSpawnedRuntimes } from '@herald/runtime/testing/spawn-runtime';
import {
  killSpawnedRestAdapters,
  spawnRestAdapter,
  type SpawnedRestAdapter,
} from '../testing/spawn-rest-adapter';
import { answer, startTestApiServer, type TestApiServer } from '../testing/test-api-server';
import { startTopicReader, type TopicReader } from '../testing/topic-reader';

/**
 * The REST adapter as the control plane runs it: the built process against a real runtime, polling a real local
 * HTTP API; values read back with a real MQTT client. Waits are for states (vi.waitFor), never fixed times.
 */
const SERVICE = { serviceId: 'svc-rest-test', name: 'rest-test' };
const SECRETS = {
  password: 'basic-password-never-logged',
  header: 'header-value-never-logged',
  query: 'query-value-never-logged',
};
const WAIT = { timeout: 20_000, interval: 50 };

let signer: TestSigner;
let runtime: TestRuntime;
let api: TestApiServer;
let reader: TopicReader;
let readerToken: string;

beforeAll(async () => {
  signer = await createTestSigner(SERVICE);
  [runtime, api] = await Promise.all([startTestRuntime(signer, SERVICE), startTestApiServer()]);
  readerToken = await signer.token('reader', { scope: 'read write' });
  reader = await startTopicReader(`mqtt://127.0.0.1:${runtime.mqttPort}`, 'reader', readerToken);
}, 60_000);

afterEach(() => killSpawnedRestAdapters());

afterAll(async () => {
  await reader?.close();
  await api?.close();
  killSpawnedRestAdapters();
  killSpawnedRuntimes();
});

function restApi(id: string, overrides: Partial<RestProcessApi>): RestProcessApi {
  return {
    id,
    label: `API ${id}`,
    headers: [{ name: 'X-Api-Key', value: SECRETS.header }],
    baseUrl: api.origin(),
    baseTopicPath: id,
    authentication: { type: 'basic', username: 'ann', password: SECRETS.password },
    queryParameters: [{ name: 'key', value: SECRETS.query }],
    endpoints: [],
    ...overrides,
  };
}

const endpoint = (
  id: string,
  path: string,
  more: { valuePointer?: string; pollIntervalMs?: number } = {},
) => ({
  id,
  path,
  topicPath: id,
  pollIntervalMs: more.pollIntervalMs ?? 1_000,
  valuePointer: more.valuePointer ?? null,
});

const config = (apis: RestProcessApi[]): RestAdapterProcessConfig => ({
  adapterId: 'rest-1',
  apis,
});

const spawn = (
  apis: RestProcessApi[],
  options: { allowedHosts?: string; dataDir?: string; extraEnv?: Record<string, string> } = {},
) =>
  spawnRestAdapter({
    runtime,
    signer,
    serviceId: SERVICE.serviceId,
    config: config(apis),
    allowedHosts: options.allowedHosts ?? `127.0.0.1:${api.port}`,
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.extraEnv === undefined ? {} : { extraEnv: options.extraEnv }),
  });

async function topicType(path: string): Promise<string | null> {
  const response = await runtime.admin(
    `/admin/topic?path=${encodeURIComponent(path)}`,
    readerToken,
  );
  return response.ok ? ((await response.json()) as { type: string }).type : null;
}

const endpointState = async (adapter: SpawnedRestAdapter, endpointId: string) =>
  (await adapter.state()).endpoints.find((one) => one.endpointId === endpointId)!;

describe('the REST adapter process', { timeout: 60_000 }, () => {
  it('publishes JSON, text and binary answers and a pointed value to typed topics; an ETag makes later polls conditional', async () => {
    let price = 12.5;
    api.route('/a/json', answer('application/json', '{"data":{"price":1}}'));
    api.route('/a/text', answer('text/plain; charset=utf-8', 'hello'));
    api.route('/a/binary', answer('application/octet-stream', Buffer.from([0, 255, 7])));
    api.route('/a/pointed', (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { price } })),
    );
    api.route('/a/etag', (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
      response.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end('[1,2]');
    });
    const adapter = await spawn([
      restApi('a', {
        endpoints: [
          endpoint('json', '/a/json'),
          endpoint('text', '/a/text'),
          endpoint('binary', '/a/binary'),
          endpoint('pointed', '/a/pointed', { valuePointer: '$.data.price' }),
          endpoint('etag', '/a/etag'),
        ],
      }),
    ]);
    await vi.waitFor(() => {
      expect(reader.on('a/json')[0]?.payload.toString()).toBe('{"data":{"price":1}}');
      expect(reader.on('a/text')[0]?.payload.toString()).toBe('hello');
      expect(reader.on('a/binary')[0]?.payload).toEqual(Buffer.from([0, 255, 7]));
      expect(reader.on('a/pointed')[0]?.payload.toString()).toBe('12.5');
      expect(reader.on('a/etag')[0]?.payload.toString()).toBe('[1,2]');
    }, WAIT);
    expect(await Promise.all(['a/json', 'a/text', 'a/binary', 'a/pointed'].map(topicType))).toEqual(
      ['JSON', 'STRING', 'BINARY', 'JSON'],
    );
    // Each request carried the API's header, basic authentication and query parameter.
    const first = api.receivedOn('/a/json')[0]!;
    expect(first.headers['x-api-key']).toBe(SECRETS.header);
    expect(first.headers.authorization).toBe(`Basic ${btoa(`ann:${SECRETS.password}`)}`);
    // The ETag: the next polls ask If-None-Match, get 304 and publish nothing.
    await vi.waitFor(async () => {
      expect(api.receivedOn('/a/etag').length).toBeGreaterThanOrEqual(3);
      expect((await endpointState(adapter, 'etag')).lastOutcome).toBe('unchanged');
    }, WAIT);
    expect(api.receivedOn('/a/etag')[1]!.headers['if-none-match']).toBe('"v1"');
    expect(reader.on('a/etag')).toHaveLength(1);
    // A change of the pointed value is published once; the unchanged text is not published again.
    price = 13;
    await vi.waitFor(
      () => expect(reader.on('a/pointed').map((m) => m.payload.toString())).toEqual(['12.5', '13']),
      WAIT,
    );
    expect(api.receivedOn('/a/text').length).toBeGreaterThan(1);
    expect(reader.on('a/text')).toHaveLength(1);
    const state = await endpointState(adapter, 'pointed');
    expect(state).toMatchObject({
      topicPath: 'a/pointed',
      lastValue: { type: 'JSON', preview: '13' },
    });
  });

  it('fails in words on a timeout, an oversized body, a 500, a 429 and a redirect to loopback, backs off, honours Retry-After, and never logs a secret', async () => {
    api.route('/b/slow', () => {}); // never answers
    api.route('/b/huge', answer('text/plain', 'x'.repeat(4_096)));
    api.route('/b/broken', (_request, response) => response.writeHead(500).end());
    api.route('/b/limited', (_request, response) =>
      response.writeHead(429, { 'retry-after': '3' }).end(),
    );
    api.route('/b/redirect', (_request, response) =>
      response.writeHead(302, { location: `http://localhost:${api.port}/a/json` }).end(),
    );
    const adapter = await spawn(
      [
        restApi('b', {
          endpoints: [
            endpoint('slow', '/b/slow'),
            endpoint('huge', '/b/huge'),
            endpoint('broken', '/b/broken'),
            endpoint('limited', '/b/limited'),
            endpoint('redirect', '/b/redirect'),
          ],
        }),
      ],
      { extraEnv: { HERALD_REST_POLL_TIMEOUT_MS: '500', HERALD_REST_MAX_BODY_BYTES: '1024' } },
    );
    const url = (path: string) => `${api.origin()}${path}?key=***`;
    await vi.waitFor(async () => {
      const states = Object.fromEntries(
        (await adapter.state()).endpoints.map((s) => [s.endpointId, s]),
      );
      expect(states.slow?.lastError).toBe(
        `GET ${url('/b/slow')} failed: no answer within 0.5 s (timeout)`,
      );
      expect(states.huge?.lastError).toBe(
        `GET ${url('/b/huge')} failed: its body is over the limit of 1024 bytes: cut`,
      );
      expect(states.broken?.lastError).toBe(
        `GET ${url('/b/broken')} answered 500 Internal Server Error`,
      );
      expect(states.limited?.lastError).toBe(
        `GET ${url('/b/limited')} answered 429 Too Many Requests`,
      );
      expect(states.redirect?.lastError).toBe(
        `GET http://localhost:${api.port}/a/json failed: localhost (127.0.0.1) is a loopback address (127.0.0.0/8): refused (an operator may allow it in REST_ADAPTER_ALLOWED_HOSTS)`,
      );
    }, WAIT);
    // Backoff: after f failures in a row the next poll waits at least interval × 2^(f-1).
    await vi.waitFor(async () => {
      const broken = await endpointState(adapter, 'broken');
      expect(broken.consecutiveFailures).toBeGreaterThanOrEqual(3);
      expect(broken.nextPollAt! - broken.lastPollAt!).toBeGreaterThanOrEqual(
        1_000 * 2 ** (broken.consecutiveFailures - 1) - 50,
      );
    }, WAIT);
    const brokenTimes = api.receivedOn('/b/broken').map((entry) => entry.at);
    expect(brokenTimes[2]! - brokenTimes[1]!).toBeGreaterThanOrEqual(2_000 - 50);
    // Retry-After: 3 seconds between the 429s, though the interval is 1 second.
    await vi.waitFor(
      () => expect(api.receivedOn('/b/limited').length).toBeGreaterThanOrEqual(2),
      WAIT,
    );
    const limitedTimes = api.receivedOn('/b/limited').map((entry) => entry.at);
    expect(limitedTimes[1]! - limitedTimes[0]!).toBeGreaterThanOrEqual(3_000 - 50);
    const limited = await endpointState(adapter, 'limited');
    expect(limited.nextPollAt! - limited.lastPollAt!).toBeGreaterThanOrEqual(3_000);
    // Each failure logged once while its cause stays the same, in words; no secret anywhere in the log.
    const log = await adapter.log();
    expect(
      log.split('\n').filter((line) => line.includes('/b/broken?key=*** answered 500')),
    ).toHaveLength(1);
    expect(log).toContain('failed: no answer within 0.5 s (timeout)');
    for (const secret of Object.values(SECRETS)) expect(log).not.toContain(secret);
    expect(log).not.toContain(btoa(`ann:${SECRETS.password}`));
    const metrics = await (await adapter.request('/metrics')).text();
    expect(metrics).toMatch(/herald_rest_polls_total\{adapter="rest-1",outcome="failed"\} [1-9]/);
    expect(metrics).toMatch(/herald_rest_endpoints_in_backoff\{adapter="rest-1"\} 5/);
  });

  it('refuses a loopback API unless REST_ADAPTER_ALLOWED_HOSTS allows it', async () => {
    api.route('/c/json', answer('application/json', '{"c":1}'));
    const apis = [restApi('c', { endpoints: [endpoint('json', '/c/json')] })];
    const refused = await spawn(apis, { allowedHosts: '' });
    await vi.waitFor(
      async () =>
        expect((await endpointState(refused, 'json')).lastError).toBe(
          `GET ${api.origin()}/c/json?key=*** failed: 127.0.0.1 is a loopback address (127.0.0.0/8): refused (an operator may allow it in REST_ADAPTER_ALLOWED_HOSTS)`,
        ),
      WAIT,
    );
    expect(api.receivedOn('/c/json')).toHaveLength(0);
    await refused.stop();
    await spawn(apis, { allowedHosts: `127.0.0.1:${api.port}` });
    await vi.waitFor(
      () => expect(reader.on('c/json')[0]?.payload.toString()).toBe('{"c":1}'),
      WAIT,
    );
  });

  it('keeps its state across a restart (no republish of an unchanged body) and survives a kill -9 of the runtime', async () => {
    let body = 'first';
    api.route('/d/text', (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end(body),
    );
    const apis = [restApi('d', { endpoints: [endpoint('text', '/d/text')] })];
    const adapter = await spawn(apis);
    await vi.waitFor(() => expect(reader.on('d/text')).toHaveLength(1), WAIT);
    await adapter.stop();
    const restartedAt = Date.now();
    const again = await spawn(apis, { dataDir: adapter.dataDir });
    // The state file gave it the last value: it shows it, and polls without publishing it again.
    expect((await endpointState(again, 'text')).lastValue?.preview).toBe('first');
    await vi.waitFor(
      () =>
        expect(
          api.receivedOn('/d/text').filter((r) => r.at > restartedAt).length,
        ).toBeGreaterThanOrEqual(2),
      WAIT,
    );
    expect((await endpointState(again, 'text')).lastOutcome).toBe('unchanged');
    expect(reader.on('d/text')).toHaveLength(1);
    // The runtime killed: polls fail to publish while it is away, and the change lands once it is back.
    await runtime.kill('SIGKILL');
    body = 'second';
    await vi.waitFor(
      async () =>
        expect((await endpointState(again, 'text')).lastError).toMatch(
          /^Publishing to topic "d\/text" failed: /,
        ),
      WAIT,
    );
    await runtime.start();
    await vi.waitFor(
      () => expect(reader.on('d/text').map((m) => m.payload.toString())).toContain('second'),
      WAIT,
    );
    expect((await endpointState(again, 'text')).lastValue?.preview).toBe('second');
  });

  it('polls now on request (publishing a change) and previews an unsaved endpoint without publishing', async () => {
    let count = 0;
    api.route('/e/count', (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ count: (count += 1) })),
    );
    const adapter = await spawn([
      restApi('e', { endpoints: [endpoint('count', '/e/count', { pollIntervalMs: 3_600_000 })] }),
    ]);
    await vi.waitFor(() => expect(reader.on('e/count')).toHaveLength(1), WAIT);
    const polled = await adapter.pollNow('e', 'count');
    expect(polled).toMatchObject({
      apiId: 'e',
      endpointId: 'count',
      url: `${api.origin()}/e/count?key=***`,
      topicPath: 'e/count',
      outcome: 'published',
      status: 200,
      published: true,
      value: { type: 'JSON', preview: '{"count":2}', truncated: false },
    });
    await vi.waitFor(() => expect(reader.on('e/count')).toHaveLength(2), WAIT);
    const { endpoints: _endpoints, ...apiSettings } = restApi('e', {});
    const preview = await adapter.preview({
      api: apiSettings,
      endpoint: { path: '/e/count', topicPath: 'preview', valuePointer: '$.count' },
    });
    expect(preview).toMatchObject({
      endpointId: null,
      topicPath: 'e/preview',
      outcome: 'published',
      published: false,
      body: { type: 'JSON', preview: '{"count":3}' },
      value: { type: 'JSON', preview: '3' },
    });
    const missing = await adapter.preview({
      api: apiSettings,
      endpoint: { path: '/e/count', topicPath: null, valuePointer: '$.total' },
    });
    expect(missing).toMatchObject({
      outcome: 'failed',
      error: `GET ${api.origin()}/e/count?key=***: the value pointer found nothing at $.total`,
    });
    expect(reader.on('e/preview')).toHaveLength(0);
    expect(reader.on('e/count')).toHaveLength(2);
    // Who asks, and what: no token, another subject, an unknown endpoint, a body of the wrong shape.
    expect((await adapter.request('/state', { token: null })).status).toBe(401);
    const stranger = await signer.token('rest-adapter:other');
    expect(
      (
        await adapter.request('/poll', {
          token: stranger,
          body: { apiId: 'e', endpointId: 'count' },
        })
      ).status,
    ).toBe(401);
    const unknown = await adapter.request('/poll', { body: { apiId: 'e', endpointId: 'nope' } });
    expect([unknown.status, ((await unknown.json()) as { message: string }).message]).toEqual([
      404,
      'the adapter polls no endpoint "nope" of API "e"',
    ]);
    const bad = await adapter.request('/preview', { body: { api: apiSettings } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('endpoint');
  });

  it('exits 1 on settings of the wrong shape or a bad allow list, naming the issue in its log', async () => {
    const cases = [
      {
        env: {
          extraEnv: { HERALD_REST_ADAPTER_CONFIG: '{"adapterId":"rest-1","apis":[{"id":1}]}' },
        },
        message:
          'Invalid REST adapter environment: HERALD_REST_ADAPTER_CONFIG: apis.0.id: Invalid input: expected string, received number',
      },
      {
        env: { allowedHosts: 'http://nope/' },
        message:
          'Invalid REST adapter environment: REST_ADAPTER_ALLOWED_HOSTS: "http://nope/" is not a host or host:port',
      },
    ];
    for (const { env, message } of cases) {
      const dataDir = await mkdtemp(join(tmpdir(), 'herald-rest-bad-'));
      await expect(spawn([], { ...env, dataDir })).rejects.toThrow(message);
      // The log is JSON lines: the message as a JSON string holds its quotes escaped.
      expect(await readFile(join(dataDir, 'rest-adapter.log'), 'utf8')).toContain(
        JSON.stringify(message).slice(1, -1),
      );
    }
  });

  it('lets a fast host be polled while a slow host holds its requests (fairness)', async () => {
    const held: (() => void)[] = [];
    api.route('/f/slow', (_request, response) =>
      held.push(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('late')),
    );
    api.route('/f/fast', answer('text/plain', 'fast'));
    const slowApi = restApi('slow', {
      baseUrl: api.origin('127.0.0.2'),
      endpoints: ['s1', 's2', 's3', 's4'].map((id) => endpoint(id, '/f/slow')),
    });
    const fastApi = restApi('fast', { endpoints: [endpoint('fast', '/f/fast')] });
    await spawn([slowApi, fastApi], {
      allowedHosts: `127.0.0.1:${api.port},127.0.0.2:${api.port}`,
      extraEnv: {
        HERALD_REST_MAX_CONNECTIONS: '2',
        HERALD_REST_MAX_CONNECTIONS_PER_HOST: '1',
        HERALD_REST_POLL_TIMEOUT_MS: '60000',
      },
    });
    const fastBefore = api.receivedOn('/f/fast').length;
    // While the slow host holds its one request, the fast endpoint is polled again and again.
    await vi.waitFor(
      () => expect(api.receivedOn('/f/fast').length - fastBefore).toBeGreaterThanOrEqual(3),
      WAIT,
    );
    expect(held.length).toBe(1);
    held.forEach((release) => release());
  });
});
