import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../testing/mqtt-helpers';
import { killSpawnedRuntimes, spawnRuntime } from '../testing/spawn-runtime';
import { createTestKeys, testConfig, testDataDir, testEnv } from '../testing/test-keys';

afterEach(() => killSpawnedRuntimes());

/** The security and authentication stores of the real process across SIGKILL and a graceful restart. */
describe('durable security and authentication stores', () => {
  it('keeps every acknowledged security write across SIGKILL and a restart', async () => {
    const keys = await createTestKeys();
    const token = await keys.serviceToken();
    const env = testEnv(testConfig(keys, await testDataDir()));
    const api = (port: number, method: string, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));
    const role = (overrides: Record<string, unknown>) => ({
      globalPermissions: [],
      defaultPathPermissions: [],
      pathPermissions: {},
      includedRoles: [],
      ...overrides,
    });

    const first = await spawnRuntime(env);
    const writes: [string, string, unknown][] = [
      [
        'PUT',
        '/admin/security/roles/readers',
        role({ pathPermissions: { plant: ['READ_TOPIC', 'SELECT_TOPIC'] } }),
      ],
      ['PUT', '/admin/security/roles/doomed', role({ globalPermissions: ['VIEW_SESSION'] })],
      [
        'PUT',
        '/admin/security/roles/wrapper',
        role({ includedRoles: ['readers'], lockingPrincipal: 'ops' }),
      ],
      [
        'PUT',
        '/admin/security/default-roles',
        { rolesForNamedSessions: ['doomed'], rolesForAnonymousSessions: ['readers'] },
      ],
      ['PUT', '/admin/security/isolated-paths', { isolatedPaths: ['plant/secret'] }],
      ['PUT', '/admin/authentication/anonymous', { anonymousAction: 'ALLOW' }],
      [
        'PUT',
        '/admin/authentication/trusted-properties',
        { trustedProperties: { Region: { type: 'values', values: ['eu'] } } },
      ],
      [
        'PUT',
        '/admin/principals/meter',
        { password: 'meter-password', roles: ['readers', 'doomed'] },
      ],
      ['PUT', '/admin/security/roles/outer', role({ includedRoles: ['doomed'] })],
      [
        'PUT',
        '/admin/principals/locked',
        { password: 'locked-password', roles: ['readers'], lockingPrincipal: 'ops' },
      ],
      ['PUT', '/admin/principals/gone', { password: 'gone-password', roles: [] }],
      ['DELETE', '/admin/principals/gone', undefined],
    ];
    for (const [method, path, body] of writes) {
      expect(
        (await api(first.httpPort, method, path, body)).status,
        `${method} ${path}`,
      ).toBeLessThan(300);
    }
    // A role removal with its cascade, then a role written after it: replay must apply them in order.
    expect((await api(first.httpPort, 'DELETE', '/admin/security/roles/doomed')).body).toEqual({
      removed: 'doomed',
      principalsChanged: ['meter'],
      rolesChanged: ['outer'],
    });
    const security = (await api(first.httpPort, 'GET', '/admin/security')).body;
    const authentication = (await api(first.httpPort, 'GET', '/admin/authentication')).body;
    expect(security.rolesForNamedSessions).toEqual([]);
    expect(authentication.principals).toEqual([
      { name: 'locked', roles: ['readers'], lockingPrincipal: 'ops' },
      { name: 'meter', roles: ['readers'], lockingPrincipal: null },
    ]);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await spawnRuntime(env);
    try {
      expect((await api(second.httpPort, 'GET', '/admin/security')).body).toEqual(security);
      expect((await api(second.httpPort, 'GET', '/admin/authentication')).body).toEqual(
        authentication,
      );
      // The password hash came back too: the principal logs in over MQTT.
      const client = await connectClient(`mqtt://127.0.0.1:${second.mqttPort}`, {
        username: 'meter',
        password: 'meter-password',
      });
      await client.endAsync();
    } finally {
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    }

    // A graceful stop compacts: the same stores come back from the snapshot.
    const third = await spawnRuntime(env);
    try {
      expect((await api(third.httpPort, 'GET', '/admin/security')).body).toEqual(security);
      expect((await api(third.httpPort, 'GET', '/admin/authentication')).body).toEqual(
        authentication,
      );
    } finally {
      third.child.kill('SIGTERM');
      await third.exited;
    }
  });
});
