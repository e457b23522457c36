import type { IClientOptions, MqttClient } from 'mqtt';
import type { Explanation, RoleInput } from '@herald/contract/security/security.schema';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { connectClient } from './mqtt-helpers';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from './test-keys';

/**
 * One running runtime with a small security store for the ACL batteries (acl-battery.test.ts with mqtt.js,
 * acl-mosquitto.test.ts with the mosquitto clients). Everything is set up through the runtime's own admin API with a
 * write service token, as the control plane does; each MQTT outcome is compared with the explainer's answer.
 */
export const PASSWORD = 'correct horse 1';

/** Roles of the battery: what each principal may do, in one place. */
export const BATTERY_ROLES: Record<string, RoleInput> = {
  // Reads, subscribes, updates and creates under sensors/ only.
  SENSORS: {
    globalPermissions: [],
    defaultPathPermissions: [],
    pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC', 'UPDATE_TOPIC', 'MODIFY_TOPIC'] },
    includedRoles: [],
  },
  // May subscribe anywhere (even `#`) but reads only under sensors/.
  BROWSER: {
    globalPermissions: [],
    defaultPathPermissions: ['SELECT_TOPIC'],
    pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC'] },
    includedRoles: [],
  },
  // Reads live/ (the role the live-change cases take away).
  LIVE: {
    globalPermissions: [],
    defaultPathPermissions: [],
    pathPermissions: { live: ['READ_TOPIC', 'SELECT_TOPIC'] },
    includedRoles: [],
  },
};

export const BATTERY_PRINCIPALS: Record<string, string[]> = {
  'sensor-7': ['SENSORS'],
  browser: ['BROWSER'],
  watcher: ['LIVE'],
  reader: ['CLIENT'],
};

export interface AclFixture {
  runtime: RunningRuntime;
  keys: TestKeys;
  adminToken: string;
  tcpUrl: string;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** The explainer's answer for a subject (`principal:<name>`, `anonymous`, …) and a path, filter or selector. */
  explain(subject: string, target: string): Promise<Explanation>;
  connect(options: IClientOptions): Promise<MqttClient>;
  /** Connects as a principal of the battery. */
  connectAs(principal: string, options?: IClientOptions): Promise<MqttClient>;
  close(): Promise<void>;
}

export async function startAclFixture(): Promise<AclFixture> {
  const keys = await createTestKeys();
  const runtime = await startRuntime(testConfig(keys, await testDataDir()), {
    logger: silentLogger,
  });
  const adminToken = await keys.serviceToken();
  const tcpUrl = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  const clients: MqttClient[] = [];

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${runtime.httpPort}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  const must = async (method: string, path: string, body?: unknown) => {
    const answer = await api(method, path, body);
    if (answer.status >= 300) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const connect = async (options: IClientOptions) => {
    const client = await connectClient(tcpUrl, options);
    clients.push(client);
    return client;
  };

  for (const [name, role] of Object.entries(BATTERY_ROLES)) {
    await must('PUT', `/admin/security/roles/${name}`, role);
  }
  for (const [name, roles] of Object.entries(BATTERY_PRINCIPALS)) {
    await must('PUT', `/admin/principals/${name}`, { password: PASSWORD, roles });
  }
  // Retained values: one readable by the battery's roles, one by none of them.
  const admin = await connect({ username: 'token', password: adminToken });
  await admin.publishAsync('sensors/a', '1', { qos: 1 });
  await admin.publishAsync('secret/b', '2', { qos: 1 });
  await admin.publishAsync('live/x', '3', { qos: 1 });

  return {
    runtime,
    keys,
    adminToken,
    tcpUrl,
    api,
    explain: async (subject, target) =>
      (await must(
        'GET',
        `/admin/security/explain?subject=${encodeURIComponent(subject)}&target=${encodeURIComponent(target)}`,
      )) as Explanation,
    connect,
    connectAs: (principal, options = {}) =>
      connect({ username: principal, password: PASSWORD, ...options }),
    close: async () => {
      await Promise.all(clients.map((client) => client.endAsync(true)));
      await runtime.close();
    },
  };
}
