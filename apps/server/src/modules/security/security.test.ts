import type {
  AuthenticationStore,
  Explanation,
  SecurityStore,
} from '@herald/contract/security/security.schema';
import { auditSentence } from '@herald/contract/members/audit-sentence';
import type { AuditEntry } from '@herald/contract/members/member.schema';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { callAs, createTestMember, createTestWorkspace } from '../../testing/test-workspaces';
import {
  dashboardTokenOf,
  runtimeAdminAs,
  envelopeOf,
  topicUrl,
  useRunningService,
} from '../topics/testing/running-service';

/**
 * The security routes against a real runtime (docs/decisions/021): each call reaches the service's runtime with the
 * member's own dashboard token; what the dashboard configures is what an MQTT client then gets.
 */
describe('service security routes', () => {
  const service = useRunningService('security');
  const call = (
    who: 'owner' | 'admin' | 'user',
    method: 'GET' | 'PUT' | 'DELETE',
    suffix: string,
    body?: unknown,
    query: Record<string, string> = {},
  ) => {
    const { app, team, row } = service;
    return callAs(app, team[who], method, topicUrl(row, suffix, query), body);
  };

  const sensorsRole = {
    description: 'Sensors read their own branch',
    globalPermissions: [],
    defaultPathPermissions: [],
    pathPermissions: { sensors: ['SELECT_TOPIC', 'READ_TOPIC', 'UPDATE_TOPIC'] },
    includedRoles: [],
  };

  it('lets an Owner create a role, which everyone in the workspace then reads after the built-ins', async () => {
    const created = await call('owner', 'PUT', '/security/roles/sensors', sensorsRole);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      created: true,
      role: { name: 'sensors', builtIn: false, includedRoles: [], lockingPrincipal: null },
    });
    const again = await call('admin', 'PUT', '/security/roles/sensors', sensorsRole);
    expect(again.json()).toMatchObject({ created: false });

    const read = await call('user', 'GET', '/security');
    expect(read.statusCode, read.body).toBe(200);
    const store = read.json() as SecurityStore;
    const names = store.roles.map((role) => role.name);
    expect(names.slice(0, 5)).toEqual([
      'ADMINISTRATOR',
      'OPERATOR',
      'OBSERVER',
      'PUBLISHER',
      'CLIENT',
    ]);
    expect(store.roles.find((role) => role.name === 'sensors')).toMatchObject({
      builtIn: false,
      pathPermissions: { sensors: ['SELECT_TOPIC', 'READ_TOPIC', 'UPDATE_TOPIC'] },
    });
    expect(store.roles.filter((role) => role.builtIn).map((role) => role.name)).toHaveLength(5);
  });

  it('lets an Owner create a principal that connects over MQTT with exactly its role’s rights', async () => {
    await call('owner', 'PUT', '/security/roles/sensors', sensorsRole);
    const password = 'sensor-seven-secret';
    const saved = await call('owner', 'PUT', '/authentication/principals/sensor-7', {
      password,
      roles: ['sensors'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      principal: { name: 'sensor-7', roles: ['sensors'], lockingPrincipal: null },
      created: true,
      disconnected: 0,
    });
    const listed = await call('user', 'GET', '/authentication');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as AuthenticationStore).principals).toContainEqual({
      name: 'sensor-7',
      roles: ['sensors'],
      lockingPrincipal: null,
    });

    const { app, team, row } = service;
    // A value on each side of the role's branch, written by an administrator.
    const admin = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
      protocolVersion: 4,
      username: 'token',
      password: await dashboardTokenOf(app, team.admin),
      reconnectPeriod: 0,
    });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
      protocolVersion: 4,
      clientId: 'sensor-7-client',
      username: 'sensor-7',
      password,
      reconnectPeriod: 0,
    });
    try {
      await admin.publishAsync('sensors/a', 'inside', { qos: 1, retain: true });
      await admin.publishAsync('other/a', 'outside', { qos: 1, retain: true });
      const received: string[] = [];
      client.on('message', (topic, payload) => received.push(`${topic}=${payload.toString()}`));
      // One SUBSCRIBE, each filter decided on its own (SUBACK 0x80 for the refused one).
      const codes = await new Promise<number[]>((resolve) => {
        // mqtt.js reports a SUBACK holding any 0x80 as an error; the packet still carries every code.
        client.subscribe(['sensors/#', 'other/#'], { qos: 1 }, (_error, _granted, packet) =>
          resolve((packet as { granted?: number[] } | undefined)?.granted ?? []),
        );
      });
      expect(codes).toEqual([1, 0x80]);
      await expect.poll(() => received).toContain('sensors/a=inside');
      await admin.publishAsync('other/a', 'still outside', { qos: 1 });
      await admin.publishAsync('sensors/b', 'live', { qos: 1 });
      await expect.poll(() => received).toContain('sensors/b=live');
      expect(received.filter((line) => line.startsWith('other/'))).toEqual([]);
    } finally {
      await Promise.all([admin.endAsync(), client.endAsync()]);
    }

    // The explainer says the same for the same principal and filters.
    for (const [target, allowed] of [
      ['sensors/#', true],
      ['other/#', false],
    ] as const) {
      const explained = await call('user', 'GET', '/security/explain', undefined, {
        subject: 'principal:sensor-7',
        target,
      });
      expect(explained.statusCode, explained.body).toBe(200);
      const explanation = explained.json() as Explanation;
      expect(explanation.subject.canConnect.allowed).toBe(true);
      expect(explanation.mqtt.canSubscribe.allowed, target).toBe(allowed);
    }
  });

  it("explains a member's MQTT rights as the runtime enforces them for the member's own token", async () => {
    const { app, team, row } = service;
    const filters = ['$SYS/#', 'sensors/#', '#'];
    for (const [who, role] of [
      ['user', 'User'],
      ['admin', 'Admin'],
    ] as const) {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
        protocolVersion: 4,
        username: 'token',
        password: await dashboardTokenOf(app, team[who]),
        reconnectPeriod: 0,
      });
      try {
        const codes = await new Promise<number[]>((resolve) => {
          client.subscribe(filters, { qos: 0 }, (_error, _granted, packet) =>
            resolve((packet as { granted?: number[] } | undefined)?.granted ?? []),
          );
        });
        const explained = await Promise.all(
          filters.map(async (target) => {
            const response = await call('user', 'GET', '/security/explain', undefined, {
              subject: `member:${role}`,
              target,
            });
            expect(response.statusCode, response.body).toBe(200);
            return (response.json() as Explanation).mqtt.canSubscribe.allowed;
          }),
        );
        expect(explained, role).toEqual(codes.map((code) => code !== 0x80));
        // Not vacuous: a User may not read $SYS/, an Admin may.
        expect(explained[0], role).toBe(role === 'Admin');
      } finally {
        await client.endAsync();
      }
    }
  });

  it('refuses a wrong password over MQTT, and the old one once the password is set anew', async () => {
    const { row } = service;
    const first = 'first-password-1';
    const second = 'second-password-2';
    expect(
      (
        await call('admin', 'PUT', '/authentication/principals/rotating', {
          password: first,
          roles: ['CLIENT'],
        })
      ).statusCode,
    ).toBe(200);
    const connect = (password: string) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
        protocolVersion: 4,
        username: 'rotating',
        password,
        reconnectPeriod: 0,
      });
    const live = await connect(first);
    const closed = new Promise<void>((resolve) => live.once('close', () => resolve()));
    const set = await call('admin', 'PUT', '/authentication/principals/rotating/password', {
      password: second,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ disconnected: 1 });
    await closed;
    await live.endAsync(true);
    await expect(connect(first)).rejects.toThrow();
    const again = await connect(second);
    await again.endAsync();
  });

  it('reaches a principal whose name holds URL characters, and that principal connects', async () => {
    const { row } = service;
    const name = 'odd%41name&x=1#';
    const suffix = `/authentication/principals/${encodeURIComponent(name)}`;
    const saved = await call('owner', 'PUT', suffix, { password: 'odd-password', roles: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ principal: { name }, created: true });
    const listed = (await call('user', 'GET', '/authentication')).json() as AuthenticationStore;
    expect(listed.principals.map((principal) => principal.name)).toContain(name);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
      protocolVersion: 4,
      username: name,
      password: 'odd-password',
      reconnectPeriod: 0,
    });
    await client.endAsync();
    const removed = await call('owner', 'DELETE', suffix);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ removed: name });
  });

  it('refuses a User every write here (the reads pass)', async () => {
    const writes: ['PUT' | 'DELETE', string, unknown?][] = [
      ['PUT', '/security/roles/by-user', sensorsRole],
      ['DELETE', '/security/roles/sensors'],
      [
        'PUT',
        '/security/default-roles',
        { rolesForNamedSessions: [], rolesForAnonymousSessions: [] },
      ],
      ['PUT', '/security/isolated-paths', { isolatedPaths: [] }],
      ['PUT', '/authentication/principals/by-user', { password: 'password-x', roles: [] }],
      ['PUT', '/authentication/principals/sensor-7/password', { password: 'password-x' }],
      ['DELETE', '/authentication/principals/sensor-7'],
      ['PUT', '/authentication/anonymous', { anonymousAction: 'ALLOW' }],
      ['PUT', '/authentication/trusted-properties', { trustedProperties: {} }],
    ];
    for (const [method, suffix, body] of writes) {
      const response = await call('user', method, suffix, body);
      expect(response.statusCode, `${method} ${suffix}`).toBe(403);
      expect(envelopeOf(response).message).toMatch(/configure-service-console/);
    }
    for (const suffix of ['/security', '/authentication']) {
      expect((await call('user', 'GET', suffix)).statusCode).toBe(200);
    }

    // The second door: the User's own dashboard token straight against the runtime's admin API (as OBSERVER).
    const { app, team, row } = service;
    const runtime = await runtimeAdminAs(app, row, team.user);
    expect((await runtime('GET', '/admin/security')).status).toBe(200);
    expect((await runtime('GET', '/admin/authentication')).status).toBe(200);
    expect((await runtime('PUT', '/admin/security/roles/by-user', sensorsRole)).status).toBe(403);
    expect(
      (await runtime('PUT', '/admin/principals/by-user', { password: 'password-x', roles: [] }))
        .status,
    ).toBe(403);
    expect(
      (await runtime('PUT', '/admin/authentication/anonymous', { anonymousAction: 'ALLOW' }))
        .status,
    ).toBe(403);
    const store = (await call('user', 'GET', '/authentication')).json() as AuthenticationStore;
    expect(store.principals.map((principal) => principal.name)).not.toContain('by-user');
    expect(store.anonymousAction).toBe('DENY');
    const security = (await call('user', 'GET', '/security')).json() as SecurityStore;
    expect(security.roles.map((role) => role.name)).not.toContain('by-user');
  });

  it('answers 404 to a member of another workspace, whatever the call', async () => {
    const { app, row } = service;
    const stranger = await createTestMember(app);
    await createTestWorkspace(app, stranger, 'Elsewhere');
    const calls: ['GET' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/security'],
      ['GET', '/authentication'],
      ['GET', '/security/explain?subject=anonymous&target=a'],
      ['PUT', '/security/roles/stranger', sensorsRole],
      ['DELETE', '/authentication/principals/sensor-7'],
      ['PUT', '/authentication/anonymous', { anonymousAction: 'ALLOW' }],
    ];
    for (const [method, suffix, body] of calls) {
      const response = await callAs(app, stranger, method, topicUrl(row, suffix), body);
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
      expect(envelopeOf(response).message).toMatch(/not a member/);
    }
  });

  it('removes a role from the principals and roles that name it, and says which', async () => {
    expect((await call('owner', 'PUT', '/security/roles/doomed', sensorsRole)).statusCode).toBe(
      200,
    );
    expect(
      (
        await call('owner', 'PUT', '/security/roles/includer', {
          ...sensorsRole,
          includedRoles: ['doomed'],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('owner', 'PUT', '/authentication/principals/holder', {
          password: 'holder-password',
          roles: ['doomed', 'CLIENT'],
        })
      ).statusCode,
    ).toBe(200);
    const removed = await call('admin', 'DELETE', '/security/roles/doomed');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      removed: 'doomed',
      principalsChanged: ['holder'],
      rolesChanged: ['includer'],
    });
    const authentication = (
      await call('user', 'GET', '/authentication')
    ).json() as AuthenticationStore;
    expect(authentication.principals.find((p) => p.name === 'holder')?.roles).toEqual(['CLIENT']);
    const security = (await call('user', 'GET', '/security')).json() as SecurityStore;
    expect(security.roles.find((role) => role.name === 'includer')?.includedRoles).toEqual([]);
    expect(security.roles.map((role) => role.name)).not.toContain('doomed');
  });

  it('refuses changes to a locked role or principal with 409 naming the lock holder', async () => {
    const locked = await call('owner', 'PUT', '/security/roles/locked-role', {
      ...sensorsRole,
      lockingPrincipal: 'boss',
    });
    expect(locked.statusCode, locked.body).toBe(200);
    // Setting a lock is allowed (the dashboard cannot undo it): the trail says who holds it.
    const { app, team, row } = service;
    const log = await callAs(app, team.owner, 'GET', `/v3/workspace/${team.workspaceId}/audit-log`);
    const [entry] = (log.json() as { entries: AuditEntry[] }).entries;
    expect(auditSentence(entry!)).toBe(
      `Created the role “locked-role” on the service “${row.serviceName}”, locked by the principal “boss”`,
    );
    for (const [method, body] of [['PUT', sensorsRole], ['DELETE']] as const) {
      const response = await call('owner', method, '/security/roles/locked-role', body);
      expect(response.statusCode, response.body).toBe(409);
      const envelope = envelopeOf(response);
      expect(envelope.message).toMatch(/"boss"/);
      expect(envelope.issues?.[0]?.path).toBe('params.roleName');
    }
    expect(
      (
        await call('owner', 'PUT', '/authentication/principals/locked-one', {
          password: 'locked-password',
          roles: [],
          lockingPrincipal: 'boss',
        })
      ).statusCode,
    ).toBe(200);
    const calls = [
      call('owner', 'PUT', '/authentication/principals/locked-one', { roles: ['CLIENT'] }),
      call('owner', 'PUT', '/authentication/principals/locked-one/password', {
        password: 'another-password',
      }),
      call('owner', 'DELETE', '/authentication/principals/locked-one'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(envelopeOf(response).message).toMatch(/"boss"/);
      expect(envelopeOf(response).issues?.[0]?.path).toBe('params.principalName');
    }
  });
});
