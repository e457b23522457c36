import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_WORKSPACE_ID,
  createTestKeys,
  testConfig,
  testDataDir,
  type TestKeys,
} from '../testing/test-keys';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { closed, connectClient, refusalCode } from '../testing/mqtt-helpers';

/**
 * The security and authentication admin routes of a real runtime over HTTP (docs/decisions/021): what each answers,
 * every refusal (400 naming the field, 403 naming the permission, 404, 409 naming the locking principal).
 */
let keys: TestKeys;
let runtime: RunningRuntime;
let tokens: { write: string; read: string; user: string; admin: string };

async function api(
  method: string,
  path: string,
  { body, token = tokens.write }: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
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

const role = (overrides: Record<string, unknown> = {}) => ({
  globalPermissions: [],
  defaultPathPermissions: ['READ_TOPIC'],
  pathPermissions: {},
  includedRoles: [],
  ...overrides,
});

beforeAll(async () => {
  keys = await createTestKeys();
  runtime = await startRuntime(testConfig(keys, await testDataDir()), { logger: silentLogger });
  tokens = {
    write: await keys.serviceToken(),
    read: await keys.serviceToken({ scope: 'read' }),
    user: await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'User' }, { customerId: 'user-1' }),
    admin: await keys.dashboardToken({ [TEST_WORKSPACE_ID]: 'Admin' }, { customerId: 'admin-1' }),
  };
});

afterAll(async () => {
  await runtime.close();
});

describe('security store routes', () => {
  it('lists the built-in roles first, read-only, and the empty settings of a new service', async () => {
    const { status, body } = await api('GET', '/admin/security');
    expect(status).toBe(200);
    const roles = body.roles as { name: string; builtIn: boolean; description: string }[];
    expect(roles.slice(0, 5).map((entry) => [entry.name, entry.builtIn])).toEqual([
      ['ADMINISTRATOR', true],
      ['OPERATOR', true],
      ['OBSERVER', true],
      ['PUBLISHER', true],
      ['CLIENT', true],
    ]);
    expect(body.isolatedPaths).toEqual([]);
    expect(body.rolesForNamedSessions).toEqual([]);
  });

  it('lets a User member read the security store but not change it, and a read token neither', async () => {
    expect((await api('GET', '/admin/security', { token: tokens.user })).status).toBe(200);
    expect((await api('GET', '/admin/authentication', { token: tokens.user })).status).toBe(200);
    const put = await api('PUT', '/admin/security/roles/viewers', {
      token: tokens.user,
      body: role(),
    });
    expect(put).toEqual({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'this session lacks the global permission MODIFY_SECURITY',
      },
    });
    const read = await api('GET', '/admin/security', { token: tokens.read });
    expect(read.status).toBe(403);
    expect(read.body.message).toContain('VIEW_SECURITY');
    expect(
      (
        await api('GET', '/admin/security/explain?subject=anonymous&target=a', {
          token: tokens.read,
        })
      ).status,
    ).toBe(403);
    expect((await api('GET', '/admin/authentication', { token: tokens.read })).status).toBe(403);
    // An Admin member acts as ADMINISTRATOR.
    expect(
      (await api('PUT', '/admin/security/roles/by-admin', { token: tokens.admin, body: role() }))
        .status,
    ).toBe(201);
    expect(
      (await api('DELETE', '/admin/security/roles/by-admin', { token: tokens.admin })).status,
    ).toBe(200);
  });

  it('creates, replaces and lists a custom role', async () => {
    const created = await api('PUT', '/admin/security/roles/sensors', {
      body: role({
        description: 'Plant sensors',
        pathPermissions: { 'plant/sensors': ['UPDATE_TOPIC', 'READ_TOPIC', 'READ_TOPIC'] },
        includedRoles: ['CLIENT'],
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      role: {
        name: 'sensors',
        builtIn: false,
        description: 'Plant sensors',
        globalPermissions: [],
        defaultPathPermissions: ['READ_TOPIC'],
        pathPermissions: { 'plant/sensors': ['UPDATE_TOPIC', 'READ_TOPIC'] },
        includedRoles: ['CLIENT'],
        lockingPrincipal: null,
      },
      created: true,
      disconnected: 0,
    });
    const replaced = await api('PUT', '/admin/security/roles/sensors', { body: role() });
    expect(replaced.status).toBe(200);
    expect(replaced.body.created).toBe(false);
    const listed = (await api('GET', '/admin/security')).body.roles as {
      name: string;
      description: unknown;
    }[];
    expect(listed.find((entry) => entry.name === 'sensors')).toMatchObject({ description: null });
  });

  it('refuses bad roles with 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['bad name!', role(), 'roleName: '],
      ['ADMINISTRATOR', role(), 'roleName: ADMINISTRATOR is a built-in role'],
      ['x', role({ includedRoles: ['NOPE'] }), 'body.includedRoles: unknown role "NOPE"'],
      ['x', role({ globalPermissions: ['FLY'] }), 'body.globalPermissions.0: '],
      ['x', role({ pathPermissions: { 'a//b': ['READ_TOPIC'] } }), 'body.pathPermissions.a//b: '],
      ['x', { ...role(), extra: 1 }, 'body.extra: '],
      ['x', role({ lockingPrincipal: '$bad' }), 'body.lockingPrincipal: '],
      [
        'x',
        JSON.parse('{"pathPermissions":{"__proto__":["READ_TOPIC"]}}'),
        'body.pathPermissions.__proto__: ',
      ],
    ];
    for (const [name, body, message] of cases) {
      const answer = await api('PUT', `/admin/security/roles/${encodeURIComponent(name)}`, {
        body,
      });
      expect(answer.status, name).toBe(400);
      expect(answer.body.message, name).toContain(message);
    }
    await api('PUT', '/admin/security/roles/cycle-a', { body: role() });
    await api('PUT', '/admin/security/roles/cycle-b', {
      body: role({ includedRoles: ['cycle-a'] }),
    });
    const cycle = await api('PUT', '/admin/security/roles/cycle-a', {
      body: role({ includedRoles: ['cycle-b'] }),
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe(
      'body.includedRoles: included roles may not form a cycle: cycle-b → cycle-a → cycle-b',
    );
  });

  it('removes a role from principals, default roles and other roles, and says which changed', async () => {
    await api('PUT', '/admin/security/roles/doomed', { body: role() });
    await api('PUT', '/admin/security/roles/keeper', {
      body: role({ includedRoles: ['doomed', 'CLIENT'] }),
    });
    await api('PUT', '/admin/principals/doomed-user', {
      body: { password: 'password-1', roles: ['doomed', 'keeper'] },
    });
    await api('PUT', '/admin/security/default-roles', {
      body: { rolesForNamedSessions: ['doomed'], rolesForAnonymousSessions: ['doomed', 'CLIENT'] },
    });
    const removed = await api('DELETE', '/admin/security/roles/doomed');
    expect(removed).toEqual({
      status: 200,
      body: { removed: 'doomed', principalsChanged: ['doomed-user'], rolesChanged: ['keeper'] },
    });
    const store = (await api('GET', '/admin/security')).body;
    expect(store.rolesForNamedSessions).toEqual([]);
    expect(store.rolesForAnonymousSessions).toEqual(['CLIENT']);
    expect(
      (store.roles as { name: string; includedRoles: string[] }[]).find((r) => r.name === 'keeper')
        ?.includedRoles,
    ).toEqual(['CLIENT']);
    const principals = (await api('GET', '/admin/authentication')).body.principals as {
      name: string;
      roles: string[];
    }[];
    expect(principals.find((p) => p.name === 'doomed-user')?.roles).toEqual(['keeper']);

    expect((await api('DELETE', '/admin/security/roles/doomed')).status).toBe(404);
    const builtIn = await api('DELETE', '/admin/security/roles/CLIENT');
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toContain('built-in');
  });

  it('sets default roles and isolated paths, refusing unknown roles and bad paths', async () => {
    const unknown = await api('PUT', '/admin/security/default-roles', {
      body: { rolesForNamedSessions: ['CLIENT'], rolesForAnonymousSessions: ['GHOST'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('body.rolesForAnonymousSessions: unknown role "GHOST"');
    expect(
      await api('PUT', '/admin/security/default-roles', {
        body: { rolesForNamedSessions: ['CLIENT'], rolesForAnonymousSessions: [] },
      }),
    ).toEqual({ status: 200, body: { disconnected: 0 } });
    const badPath = await api('PUT', '/admin/security/isolated-paths', {
      body: { isolatedPaths: ['a/#'] },
    });
    expect(badPath.status).toBe(400);
    expect(badPath.body.message).toContain('body.isolatedPaths.0: ');
    expect(
      await api('PUT', '/admin/security/isolated-paths', {
        body: { isolatedPaths: ['secret', 'secret'] },
      }),
    ).toEqual({
      status: 200,
      body: { disconnected: 0 },
    });
    const store = (await api('GET', '/admin/security')).body;
    expect(store.isolatedPaths).toEqual(['secret']);
    expect(store.rolesForNamedSessions).toEqual(['CLIENT']);
    await api('PUT', '/admin/security/default-roles', {
      body: { rolesForNamedSessions: [], rolesForAnonymousSessions: [] },
    });
    await api('PUT', '/admin/security/isolated-paths', { body: { isolatedPaths: [] } });
  });

  it('refuses to change or remove a locked role or principal, naming the locking principal', async () => {
    expect(
      (
        await api('PUT', '/admin/security/roles/locked', {
          body: role({ lockingPrincipal: 'ops' }),
        })
      ).status,
    ).toBe(201);
    const change = await api('PUT', '/admin/security/roles/locked', { body: role() });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(
      'role "locked" is locked by principal "ops": only a session of that principal may change or remove it',
    );
    expect((await api('DELETE', '/admin/security/roles/locked')).status).toBe(409);

    await api('PUT', '/admin/security/roles/plain', { body: role() });
    expect(
      (
        await api('PUT', '/admin/principals/locked-user', {
          body: { password: 'password-1', roles: ['plain'], lockingPrincipal: 'ops' },
        })
      ).status,
    ).toBe(201);
    for (const [method, path, body] of [
      ['PUT', '/admin/principals/locked-user', { roles: [] }],
      ['PUT', '/admin/principals/locked-user/password', { password: 'password-2' }],
      ['DELETE', '/admin/principals/locked-user', undefined],
    ] as const) {
      const answer = await api(method, path, body === undefined ? {} : { body });
      expect(answer.status, `${method} ${path}`).toBe(409);
      expect(answer.body.message).toContain('locked by principal "ops"');
    }
    // Removing a role would change the locked principal that has it.
    const cascade = await api('DELETE', '/admin/security/roles/plain');
    expect(cascade.status).toBe(409);
    expect(cascade.body.message).toContain('principal "locked-user"');
  });
});

describe('authentication store routes', () => {
  it('creates a principal (password required), updates it without a password, and lists it', async () => {
    const missing = await api('PUT', '/admin/principals/device-9', { body: { roles: ['CLIENT'] } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('body.password: a new principal needs a password');
    const created = await api('PUT', '/admin/principals/device-9', {
      body: { password: 'password-9', roles: ['CLIENT'] },
    });
    expect(created).toEqual({
      status: 201,
      body: {
        principal: { name: 'device-9', roles: ['CLIENT'], lockingPrincipal: null },
        created: true,
        disconnected: 0,
      },
    });
    const updated = await api('PUT', '/admin/principals/device-9', {
      body: { roles: ['PUBLISHER'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.created).toBe(false);
    const store = (await api('GET', '/admin/authentication')).body;
    expect(store.anonymousAction).toBe('DENY');
    const names = (store.principals as { name: string }[]).map((p) => p.name);
    expect(names).toEqual([...names].sort());
    expect(
      (store.principals as { name: string; roles: string[] }[]).find((p) => p.name === 'device-9'),
    ).toEqual({
      name: 'device-9',
      roles: ['PUBLISHER'],
      lockingPrincipal: null,
    });
    expect(JSON.stringify(store)).not.toContain('scrypt');
  });

  it('refuses bad principals with 400 or 404', async () => {
    const unknownRole = await api('PUT', '/admin/principals/device-x', {
      body: { password: 'password-1', roles: ['WIZARD'] },
    });
    expect(unknownRole.body.message).toBe('body.roles: unknown role "WIZARD"');
    expect(unknownRole.status).toBe(400);
    const badName = await api('PUT', `/admin/principals/${encodeURIComponent('a?b')}`, {
      body: { password: 'password-1', roles: [] },
    });
    expect(badName.status).toBe(400);
    expect(badName.body.message).toContain('principalName: ');
    const shortPassword = await api('PUT', '/admin/principals/device-x/password', {
      body: { password: 'short' },
    });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toContain('body.password: ');
    expect(
      (await api('PUT', '/admin/principals/nobody/password', { body: { password: 'password-1' } }))
        .status,
    ).toBe(404);
    expect((await api('DELETE', '/admin/principals/nobody')).status).toBe(404);
    expect(
      (
        await api('PUT', '/admin/principals/device-x', {
          token: tokens.user,
          body: { password: 'password-1', roles: [] },
        })
      ).status,
    ).toBe(403);
  });

  it('sets the anonymous action and the trusted properties, refusing what it cannot use', async () => {
    expect(
      await api('PUT', '/admin/authentication/anonymous', { body: { anonymousAction: 'ABSTAIN' } }),
    ).toEqual({
      status: 200,
      body: { disconnected: 0 },
    });
    const badAction = await api('PUT', '/admin/authentication/anonymous', {
      body: { anonymousAction: 'MAYBE' },
    });
    expect(badAction.status).toBe(400);
    expect(badAction.body.message).toContain('body.anonymousAction: ');

    const backReference = await api('PUT', '/admin/authentication/trusted-properties', {
      body: { trustedProperties: { Region: { type: 'regex', regex: '(a)\\1' } } },
    });
    expect(backReference.status).toBe(400);
    expect(backReference.body.message).toContain('body.trustedProperties.Region.regex: ');
    const fixedName = await api('PUT', '/admin/authentication/trusted-properties', {
      body: { trustedProperties: { $Principal: { type: 'values', values: ['x'] } } },
    });
    expect(fixedName.status).toBe(400);
    expect(fixedName.body.message).toContain('body.trustedProperties');
    const trusted = {
      Region: { type: 'regex', regex: 'eu-[a-z]+' },
      Department: { type: 'values', values: ['north'] },
    };
    expect(
      (
        await api('PUT', '/admin/authentication/trusted-properties', {
          body: { trustedProperties: trusted },
        })
      ).status,
    ).toBe(200);
    const store = (await api('GET', '/admin/authentication')).body;
    expect(store.anonymousAction).toBe('ABSTAIN');
    expect(store.trustedProperties).toEqual(trusted);
    await api('PUT', '/admin/authentication/anonymous', { body: { anonymousAction: 'DENY' } });
  });
});

describe('the other admin routes by the security model', () => {
  it('answers 403 naming the permission a User member or a read token lacks', async () => {
    const server = await api('GET', '/admin/server', { token: tokens.user });
    expect(server.status).toBe(403);
    expect(server.body.message).toBe('this session lacks the global permission VIEW_SERVER');
    expect((await api('GET', '/admin/sessions', { token: tokens.user })).body.message).toContain(
      'VIEW_SESSION',
    );
    expect((await api('GET', '/admin/topics', { token: tokens.user })).status).toBe(200);
    const publish = await api('PUT', '/admin/topics/a/b', {
      token: tokens.user,
      body: { value: 1 },
    });
    expect(publish.status).toBe(403);
    expect(publish.body.message).toBe('this session lacks UPDATE_TOPIC on "a/b"');
    const remove = await api('DELETE', '/admin/topics?selector=%3Ea', { token: tokens.read });
    expect(remove.body.message).toBe('this session lacks MODIFY_TOPIC on "a"');
    const credentials = await api('PUT', '/admin/credentials', {
      token: tokens.read,
      body: { credentialVersion: 5 },
    });
    expect(credentials.body.message).toContain('CONTROL_SERVER');
    const metrics = await fetch(`http://127.0.0.1:${runtime.httpPort}/metrics`, {
      headers: { authorization: `Bearer ${tokens.read}` },
    });
    expect(metrics.status).toBe(403);
    expect((await api('GET', '/admin/server')).status).toBe(200);
  });
});

describe('the explainer route', () => {
  it('explains a principal against a filter over the existing topics', async () => {
    await api('PUT', '/admin/security/roles/plant-reader', {
      body: role({
        defaultPathPermissions: [],
        pathPermissions: { plant: ['READ_TOPIC', 'SELECT_TOPIC'] },
      }),
    });
    await api('PUT', '/admin/principals/reader', {
      body: { password: 'password-1', roles: ['plant-reader'] },
    });
    await api('PUT', '/admin/topics/plant/a/temp', { body: { value: 1 } });
    await api('PUT', '/admin/topics/office/a/temp', { body: { value: 2 } });
    const answer = await api(
      'GET',
      `/admin/security/explain?subject=${encodeURIComponent('principal:reader')}&target=${encodeURIComponent('+/a/temp')}`,
      { token: tokens.user },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.target).toEqual({ text: '+/a/temp', kind: 'mqttFilter', prefix: '' });
    expect(answer.body.mqtt).toMatchObject({
      canSubscribe: { allowed: false, reason: "no SELECT_TOPIC at the root, the filter's prefix" },
      receivesValues: { allowed: true },
      canPublish: null,
    });
    expect(answer.body.matchingTopics).toEqual([
      {
        path: 'office/a/temp',
        receives: { allowed: false, reason: 'no READ_TOPIC on "office/a/temp"' },
      },
      { path: 'plant/a/temp', receives: { allowed: true, reason: 'READ_TOPIC on "plant/a/temp"' } },
    ]);
    expect(answer.body.matchingTopicCount).toBe(2);
  });

  it('refuses a bad subject or target with 400', async () => {
    const badSubject = await api('GET', '/admin/security/explain?subject=robot&target=a');
    expect(badSubject.status).toBe(400);
    expect(badSubject.body.message).toContain('query.subject: ');
    const badFilter = await api(
      'GET',
      `/admin/security/explain?subject=anonymous&target=${encodeURIComponent('a/#/b')}`,
    );
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toContain('query.target: "#" must be the last level');
    const missing = await api('GET', '/admin/security/explain?subject=anonymous');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('query.target');
  });
});

describe('security writes and live sessions', () => {
  const mqttUrl = () => `mqtt://127.0.0.1:${runtime.mqttPort}`;

  it('closes anonymous sessions when anonymous is no longer allowed, and answers how many', async () => {
    await api('PUT', '/admin/authentication/anonymous', { body: { anonymousAction: 'ALLOW' } });
    const anonymous = await connectClient(mqttUrl(), { reconnectPeriod: 0 });
    const gone = closed(anonymous);
    expect(
      await api('PUT', '/admin/authentication/anonymous', { body: { anonymousAction: 'DENY' } }),
    ).toEqual({
      status: 200,
      body: { disconnected: 1 },
    });
    await gone;
    expect(await refusalCode(mqttUrl(), {})).toBe(5);
  });

  it('closes a principal’s session when its password changes, and the new password logs in', async () => {
    await api('PUT', '/admin/principals/rotating', {
      body: { password: 'first-password', roles: ['CLIENT'] },
    });
    const session = await connectClient(mqttUrl(), {
      username: 'rotating',
      password: 'first-password',
      reconnectPeriod: 0,
    });
    const gone = closed(session);
    expect(
      await api('PUT', '/admin/principals/rotating/password', {
        body: { password: 'second-password' },
      }),
    ).toEqual({ status: 200, body: { disconnected: 1 } });
    await gone;
    expect(await refusalCode(mqttUrl(), { username: 'rotating', password: 'first-password' })).toBe(
      4,
    );
    const again = await connectClient(mqttUrl(), {
      username: 'rotating',
      password: 'second-password',
    });
    // A roles-only update keeps the password (and the session: CLIENT → PUBLISHER loses no subscription).
    expect(
      (await api('PUT', '/admin/principals/rotating', { body: { roles: ['PUBLISHER'] } })).body,
    ).toMatchObject({
      created: false,
      disconnected: 0,
    });
    expect(again.connected).toBe(true);
    await again.endAsync();
    const removed = await api('DELETE', '/admin/principals/rotating');
    expect(removed).toEqual({ status: 200, body: { removed: 'rotating', disconnected: 0 } });
  });
});
