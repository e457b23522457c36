import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminHandler } from './admin-api';
import { silentLogger } from '../observability/log';
import { createCounters } from '../observability/metrics';
import { createIdentity } from '../policy/session-policy';
import { DurableState, topicEntry } from '../state/durable-state';
import { testDataDir } from '../testing/test-keys';

/**
 * The admin API's checks for a caller whose roles are custom (a principal's session): path permissions decide
 * each topic route, a listing leaves out what the caller may not READ, and the locking principal itself may change
 * what it locked. The token verifier is the only stand-in: it answers with that principal's identity.
 */
let state: DurableState;
let server: Server;
let reevaluations = 0;

async function call(method: string, path: string, body?: unknown, token = 'principal-session') {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const value = (text: string) => ({
  type: 'STRING' as const,
  properties: {},
  value: Buffer.from(text),
  updatedAt: 1,
});

beforeAll(async () => {
  state = await DurableState.open({ dir: await testDataDir() });
  await state.commitAsync({
    op: 'role',
    role: {
      name: 'plant-operator',
      description: null,
      globalPermissions: ['MODIFY_SECURITY', 'VIEW_SECURITY'],
      defaultPathPermissions: [],
      pathPermissions: {
        plant: ['SELECT_TOPIC', 'READ_TOPIC', 'UPDATE_TOPIC'],
        'plant/new': ['UPDATE_TOPIC', 'MODIFY_TOPIC'],
        'plant/hidden': ['SELECT_TOPIC'],
      },
      includedRoles: [],
      lockingPrincipal: 'ops',
    },
  });
  await state.commitAsync({
    op: 'principal',
    principal: {
      name: 'ops',
      passwordHash: 'h',
      assignedRoles: ['plant-operator'],
      lockingPrincipal: null,
    },
  });
  for (const path of ['plant/a', 'plant/hidden/b', 'office/c']) {
    await state.commitAsync(topicEntry(path, value(path)));
  }
  const handler = createAdminHandler({
    serviceId: 'svc',
    serviceName: 'svc',
    version: '1',
    topicsCapacity: 100,
    startedAt: Date.now(),
    state,
    logger: silentLogger,
    counters: createCounters(),
    verifyToken: async (token) =>
      token === 'adapter-session'
        ? { ok: true, identity: createIdentity({ kind: 'serviceToken', access: 'adapter' }, state) }
        : token === 'principal-session'
          ? {
              ok: true,
              identity: createIdentity(
                { kind: 'principal', name: 'ops', assignedRoles: ['plant-operator'] },
                state,
              ),
            }
          : { ok: false, returnCode: 4, reason: 'unknown token' },
    sessions: () => [],
    disconnect: () => 0,
    reevaluateSessions: () => {
      reevaluations += 1;
      return 0;
    },
    publishValue: async () => {},
    removeTopics: async (paths) => state.commitAsync({ op: 'removeTopics', paths }),
    forgetValues: async () => {},
  });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  server.close();
  await state.close();
});

describe('admin routes for a session with custom roles', () => {
  it('lists only the topics the session may read, below a prefix it may select', async () => {
    const listed = await call('GET', '/admin/topics?selector=%3Eplant%2F%2F');
    expect(listed.status).toBe(200);
    expect((listed.body.topics as { path: string }[]).map((topic) => topic.path)).toEqual([
      'plant/a',
    ]);
    const everything = await call('GET', '/admin/topics');
    expect(everything).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'this session lacks SELECT_TOPIC at the root' },
    });
    expect((await call('GET', '/admin/topics/plant/hidden/b')).body.message).toBe(
      'this session lacks READ_TOPIC on "plant/hidden/b"',
    );
    expect((await call('GET', '/admin/topic-tree?parent=office')).status).toBe(403);
    expect((await call('GET', '/admin/topic-count?selector=%3Eplant%2F%2F')).status).toBe(200);
  });

  it('updates an existing topic with UPDATE_TOPIC but needs MODIFY_TOPIC to create one or change its properties', async () => {
    expect((await call('PUT', '/admin/topics/plant/a', { value: 'new value' })).status).toBe(200);
    expect(await call('PUT', '/admin/topics/plant/b', { value: 'x' })).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'this session lacks MODIFY_TOPIC on "plant/b"' },
    });
    expect(
      (await call('PUT', '/admin/topics/plant/a', { properties: { PRIORITY: 'high' } })).body
        .message,
    ).toBe('this session lacks MODIFY_TOPIC on "plant/a"');
    expect((await call('PUT', '/admin/topics/plant/new/x', { value: 'x' })).status).toBe(201);
    expect((await call('DELETE', '/admin/topics?selector=%3Eplant%2F%2F')).body.message).toBe(
      'this session lacks MODIFY_TOPIC on "plant"',
    );
    expect((await call('DELETE', '/admin/topics?selector=%3Eplant%2Fnew%2F%2F')).body).toEqual({
      removed: 1,
    });
  });

  it('lets the locking principal change what it locked, and rebuilds sessions after each write', async () => {
    const before = reevaluations;
    const changed = await call('PUT', '/admin/security/roles/plant-operator', {
      globalPermissions: ['MODIFY_SECURITY', 'VIEW_SECURITY'],
      defaultPathPermissions: [],
      pathPermissions: { plant: ['SELECT_TOPIC', 'READ_TOPIC'] },
      includedRoles: [],
      lockingPrincipal: 'ops',
    });
    expect(changed.status).toBe(200);
    expect(reevaluations).toBe(before + 1);
    // The next request is decided with the changed role: no UPDATE_TOPIC on plant any more.
    expect((await call('PUT', '/admin/topics/plant/a', { value: 'again' })).body.message).toBe(
      'this session lacks UPDATE_TOPIC on "plant/a"',
    );
  });
});

describe('admin routes for an adapter of the service (issue 27: rights only of what it needs)', () => {
  const asAdapter = (method: string, path: string, body?: unknown) =>
    call(method, path, body, 'adapter-session');

  it('creates topics with properties and writes values, as the PUBLISHER role may', async () => {
    expect(
      (
        await asAdapter('PUT', '/admin/topics/kafka/orders/0', {
          value: 'v',
          properties: { PRIORITY: 'high' },
        })
      ).status,
    ).toBe(201);
    expect((await asAdapter('GET', '/admin/topics/kafka/orders/0')).status).toBe(200);
  });

  it('may not read or change the security settings, nor remove sessions', async () => {
    expect(await asAdapter('GET', '/admin/security')).toEqual({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'this session lacks the global permission VIEW_SECURITY',
      },
    });
    expect(
      (await asAdapter('PUT', '/admin/security/roles/plant-operator', { globalPermissions: [] }))
        .status,
    ).toBe(403);
  });
});
