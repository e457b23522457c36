import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeEndpoint } from './provisioner';
import { RuntimeCallError } from './runtime-call-error';
import {
  callRuntimeJson,
  callRuntimeStream,
  getMetricsText,
  getServerInfo,
  identifyRuntime,
  isHealthy,
  pushDashboardRevocations,
  putPrincipal,
  resetTopics,
  setCredentialVersion,
} from './runtime-client';
import {
  runtimePath,
  runtimePrincipalUrl,
  runtimeRoleUrl,
  runtimeTopicUrl,
  withQuery,
} from './runtime-paths';

/**
 * Every call of the runtime client against a loopback server that records the request line exactly as it arrived
 * (issue 25: `..` in a topic path or a principal name reached other admin routes). A hostile name must arrive as the
 * one segment or query value it was, and a dot segment must never leave this process.
 */
interface Received {
  method: string;
  url: string;
}

let server: Server;
let endpoint: RuntimeEndpoint;
let received: Received[] = [];

function answer(request: IncomingMessage): string {
  const path = (request.url ?? '').split('?')[0];
  if (path === '/metrics') return '# metrics\n';
  if (path === '/admin/server') return JSON.stringify({ serviceId: 'svc', pid: 7, sessions: 1 });
  return JSON.stringify({ ok: true });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({ method: request.method ?? '', url: request.url ?? '' });
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer(request));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = { httpPort: (server.address() as AddressInfo).port, mqttPort: 0 };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

/** Names an outside test used, and the other characters with a meaning in a URL. */
const HOSTILE = ['..%2Fcredentials', '%2E%2E', 'a/b', 'a?b=1', 'a#b', '%2F', 'a&b', 'x y', 'ü'];
const DOTS = ['.', '..'];

/** The segments of a received path, each decoded: what the runtime's router sees (admin-http.ts decodePath). */
const segmentsOf = (url: string) =>
  (url.split('?')[0] ?? '').split('/').slice(1).map(decodeURIComponent);

describe('the runtime client sends each call to its own route', () => {
  it.each<[string, () => Promise<unknown>, Received]>([
    ['isHealthy', () => isHealthy(endpoint), { method: 'GET', url: '/health' }],
    ['getServerInfo', () => getServerInfo(endpoint, 't'), { method: 'GET', url: '/admin/server' }],
    [
      'identifyRuntime',
      () => identifyRuntime(endpoint, 't'),
      { method: 'GET', url: '/admin/server' },
    ],
    ['resetTopics', () => resetTopics(endpoint, 't'), { method: 'DELETE', url: '/admin/topics' }],
    [
      'setCredentialVersion',
      () => setCredentialVersion(endpoint, 't', 2),
      { method: 'PUT', url: '/admin/credentials' },
    ],
    [
      'pushDashboardRevocations',
      () => pushDashboardRevocations(endpoint, 't', []),
      { method: 'PUT', url: '/admin/dashboard-revocations' },
    ],
    ['getMetricsText', () => getMetricsText(endpoint, 't'), { method: 'GET', url: '/metrics' }],
  ])('%s', async (_name, run, expected) => {
    await run();
    expect(received).toEqual([expected]);
  });
});

describe('a hostile name stays the one segment or query value it was', () => {
  it.each(HOSTILE)('a topic path %j, read and written', async (name) => {
    const path = `top/${name}/../end`;
    await callRuntimeJson(endpoint, 'GET', runtimeTopicUrl(path), 't');
    await callRuntimeJson(endpoint, 'PUT', runtimeTopicUrl(path), 't', { body: { value: 1 } });
    expect(received.map((call) => call.method)).toEqual(['GET', 'PUT']);
    for (const { url } of received) {
      expect(url.split('?')[0]).toBe('/admin/topic');
      expect(new URLSearchParams(url.split('?').slice(1).join('?')).getAll('path')).toEqual([path]);
    }
  });

  it.each(DOTS)(
    'a topic path made of %j segments, which only the query can carry',
    async (dots) => {
      await callRuntimeJson(endpoint, 'GET', runtimeTopicUrl(`${dots}/${dots}`), 't');
      expect(received).toEqual([{ method: 'GET', url: `/admin/topic?path=${dots}%2F${dots}` }]);
    },
  );

  it.each(HOSTILE)('a role name %j', async (name) => {
    await callRuntimeJson(endpoint, 'PUT', runtimeRoleUrl(name), 't', { body: {} });
    await callRuntimeJson(endpoint, 'DELETE', runtimeRoleUrl(name), 't');
    for (const { url } of received) {
      expect(segmentsOf(url)).toEqual(['admin', 'security', 'roles', name]);
    }
  });

  it.each(HOSTILE)(
    'a principal name %j, its password, and the console admin user',
    async (name) => {
      await callRuntimeJson(endpoint, 'PUT', runtimePrincipalUrl(name), 't', { body: {} });
      await callRuntimeJson(endpoint, 'PUT', runtimePrincipalUrl(name, 'password'), 't', {
        body: {},
      });
      await putPrincipal(endpoint, 't', { name, password: 'secret-123', roles: [] });
      expect(received.map(({ url }) => segmentsOf(url))).toEqual([
        ['admin', 'principals', name],
        ['admin', 'principals', name, 'password'],
        ['admin', 'principals', name],
      ]);
    },
  );

  it.each(HOSTILE)(
    'a query value %j (selector, explain subject, time series path)',
    async (name) => {
      await callRuntimeJson(
        endpoint,
        'GET',
        withQuery('/admin/security/explain', { subject: name, target: name }),
        't',
      );
      const stream = await callRuntimeStream(
        endpoint,
        withQuery('/admin/topic-tree', { parent: name }),
        't',
      );
      await new Response(stream).text();
      const [explain, tree] = received;
      const query = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1]);
      expect(query(explain?.url).get('subject')).toBe(name);
      expect(query(explain?.url).get('target')).toBe(name);
      expect(tree?.url.split('?')[0]).toBe('/admin/topic-tree');
      expect(query(tree?.url).get('parent')).toBe(name);
    },
  );
});

describe('a dot segment never leaves the control plane', () => {
  it.each(DOTS)('%j as a role or principal name is refused before any request', async (name) => {
    expect(() => runtimeRoleUrl(name)).toThrow(RuntimeCallError);
    expect(() => runtimePrincipalUrl(name, 'password')).toThrow(RuntimeCallError);
    await expect(
      putPrincipal(endpoint, 't', { name, password: 'secret-123', roles: [] }),
    ).rejects.toThrow(RuntimeCallError);
    expect(received).toEqual([]);
  });

  it('an empty segment is refused too; ordinary names pass unchanged', () => {
    expect(() => runtimePath('admin', '')).toThrow(RuntimeCallError);
    expect(runtimePath('admin', 'principals', 'device-1.eu')).toBe('/admin/principals/device-1.eu');
  });
});
