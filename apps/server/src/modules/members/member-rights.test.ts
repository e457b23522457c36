import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serviceHostname } from '@herald/contract/services/service-display';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../db/schema';
import { signControlPlaneToken } from '../../adapters/provisioner/local-provisioner';
import {
  insertTestService,
  isRunning,
  waitForService,
  type ServiceRow,
} from '../../adapters/provisioner/testing/test-services';
import {
  addTestMember,
  callAs,
  changeTestMemberRoleAs,
  createTestMember,
  createTestTeam,
  type TestMember,
} from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { TEST_PASSWORD } from '../../testing/test-users';

/**
 * Issue 9 defect 2: a member's rights on the messaging side follow their workspace role, and end within seconds
 * when the member is removed, changes role or deletes the account (docs/decisions/013). Real runtimes, real MQTT
 * clients over TCP and over WebSocket through the server's Host-routed proxy.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-member-rights-'));
const portBase = 30_000 + Math.floor(Math.random() * 400) * 50;
/** Generous bound on "within seconds": the test waits for the close event, it does not time it. */
const CLOSE_WITHIN_MS = 5_000;

type Transport = 'TCP' | 'WebSocket';
const TRANSPORTS: Transport[] = ['TCP', 'WebSocket'];

describe('dashboard tokens on the messaging side', () => {
  let app: FastifyInstance;
  let port: number;
  let row: ServiceRow;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  const clients: mqtt.MqttClient[] = [];

  useTestApp((ready) => ({ app } = ready), {
    env: { DATA_DIR: dataDir, SERVICE_PORT_BASE: String(portBase), SERVICE_PORT_COUNT: '50' },
  });

  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    team = await createTestTeam(app, 'Rights');
    row = await insertTestService(app.db, { workspaceId: team.workspaceId });
    app.provisioner.reconcile(row.id);
    row = (await waitForService(app.db, row.id, isRunning, 20_000))!;
  }, 30_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The member's User.accessToken, as the dashboard gets it. */
  async function dashboardToken(member: TestMember): Promise<string> {
    const response = await callAs(app, member, 'GET', '/v3/user');
    expect(response.statusCode).toBe(200);
    const token = (response.json() as { accessToken?: string }).accessToken;
    if (!token) throw new Error('no accessToken');
    return token;
  }

  function urlOf(transport: Transport): { url: string; options: mqtt.IClientOptions } {
    if (transport === 'TCP') return { url: `mqtt://127.0.0.1:${row.mqttPort}`, options: {} };
    const host = `${serviceHostname(row)}.localhost:${port}`;
    return {
      url: `ws://127.0.0.1:${port}/mqtt`,
      options: { wsOptions: { headers: { host } } },
    };
  }

  /** Connects; resolves with the client, or with the CONNACK refusal code. */
  function connect(transport: Transport, token: string): Promise<mqtt.MqttClient | number> {
    const { url, options } = urlOf(transport);
    return new Promise((resolve, reject) => {
      const client = mqtt.connect(url, {
        protocolVersion: 4,
        username: 'token',
        password: token,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
        ...options,
      });
      client.once('connect', () => {
        clients.push(client);
        resolve(client);
      });
      client.once('error', (error) => {
        client.end(true);
        const code = (error as { code?: number }).code;
        if (typeof code === 'number') resolve(code);
        else reject(error);
      });
    });
  }

  async function connected(transport: Transport, token: string): Promise<mqtt.MqttClient> {
    const client = await connect(transport, token);
    if (typeof client === 'number') throw new Error(`refused with CONNACK ${client}`);
    return client;
  }

  function closedWithin(client: mqtt.MqttClient, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (!client.connected) {
        resolve(true);
        return;
      }
      const timer = setTimeout(() => resolve(false), ms);
      client.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async function subscribeCode(client: mqtt.MqttClient, filter: string): Promise<number> {
    return client.subscribeAsync(filter, { qos: 0 }).then(
      (granted) => granted[0]?.qos ?? -1,
      (error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0] ?? -1,
    );
  }

  async function adminApi(method: string, apiPath: string, token: string, body?: unknown) {
    const endpoint = app.provisioner.endpointOf(row.id);
    if (!endpoint) throw new Error('not running');
    const response = await fetch(`http://127.0.0.1:${endpoint.httpPort}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    await response.body?.cancel();
    return response.status;
  }

  async function valueOf(topic: string): Promise<unknown> {
    const endpoint = app.provisioner.endpointOf(row.id);
    if (!endpoint) throw new Error('not running');
    const token = await signControlPlaneToken(app.tokens, row);
    const response = await fetch(`http://127.0.0.1:${endpoint.httpPort}/admin/topics/${topic}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { value?: unknown }).value;
  }

  async function newMember(role: 'User' | 'Admin'): Promise<TestMember> {
    const member = await createTestMember(app);
    await addTestMember(app, team.workspaceId, member, role);
    return member;
  }

  describe.each(TRANSPORTS)('over %s', (transport) => {
    it('a User browses but may not subscribe to $SYS/#, publish or clear retained values', async () => {
      const admin = await connected(transport, await dashboardToken(team.admin));
      await admin.publishAsync(`rights/${transport}`, '{"v":1}', { qos: 1 });

      const user = await connected(transport, await dashboardToken(team.user));
      const value = new Promise<string>((resolve) =>
        user.on('message', (_topic, payload) => resolve(payload.toString())),
      );
      expect(await subscribeCode(user, 'rights/#')).toBe(0);
      expect(await value).toBe('{"v":1}');
      expect(await subscribeCode(user, '$SYS/#')).toBe(128);

      for (const payload of ['{"v":2}', '']) {
        const writer = await connected(transport, await dashboardToken(team.user));
        writer.publish(`rights/${transport}`, payload, { qos: 0, retain: true });
        // MQTT 3.1.1 section 3.3.5: a refused PUBLISH closes the connection.
        expect(await closedWithin(writer, CLOSE_WITHIN_MS)).toBe(true);
      }
      expect(await valueOf(`rights/${transport}`)).toEqual({ v: 1 });
    });

    it('an Admin and the Owner subscribe to $SYS/# and publish', async () => {
      for (const member of [team.admin, team.owner]) {
        const client = await connected(transport, await dashboardToken(member));
        expect(await subscribeCode(client, '$SYS/#')).toBe(0);
        await client.publishAsync(`rights/by-admin-${transport}`, 'ok', { qos: 1 });
      }
      expect(await valueOf(`rights/by-admin-${transport}`)).toBe('ok');
    });
  });

  it("a User's dashboard token may not create principals or clear topics on the runtime's admin API", async () => {
    const userToken = await dashboardToken(team.user);
    expect(
      await adminApi('PUT', '/admin/principals/intruder', userToken, {
        password: 'secret-1',
        roles: ['ADMINISTRATOR'],
      }),
    ).toBe(403);
    expect(await adminApi('DELETE', '/admin/topics', userToken)).toBe(403);
    expect(await adminApi('GET', '/admin/topics', userToken)).toBe(200);
    expect(
      await adminApi('PUT', '/admin/principals/by-admin', await dashboardToken(team.admin), {
        password: 'secret-1',
        roles: ['CLIENT'],
      }),
    ).toBe(201);
  });

  it('removing a member closes their live sessions within seconds and refuses their token', async () => {
    const member = await newMember('Admin');
    const token = await dashboardToken(member);
    const sessions = await Promise.all(TRANSPORTS.map((transport) => connected(transport, token)));

    const removed = await callAs(
      app,
      team.owner,
      'DELETE',
      `/v3/workspace/${team.workspaceId}/members/${member.userId}`,
    );
    expect(removed.statusCode).toBe(204);
    for (const session of sessions) expect(await closedWithin(session, CLOSE_WITHIN_MS)).toBe(true);
    for (const transport of TRANSPORTS) expect(await connect(transport, token)).toBe(4);
    expect(await adminApi('GET', '/admin/topics', token)).toBe(401);
    // The other members stay connected and may still log in.
    expect(await connect('TCP', await dashboardToken(team.user))).not.toBeTypeOf('number');
  });

  it('a role change User → Admin closes the old session; the fresh token has the new rights', async () => {
    const member = await newMember('User');
    const before = await connected('WebSocket', await dashboardToken(member));
    expect(await subscribeCode(before, '$SYS/#')).toBe(128);

    const changed = await changeTestMemberRoleAs(
      app,
      team.owner,
      team.workspaceId,
      member,
      'Admin',
    );
    expect(changed.statusCode).toBe(200);
    expect(await closedWithin(before, CLOSE_WITHIN_MS)).toBe(true);

    const after = await connected('WebSocket', await dashboardToken(member));
    expect(await subscribeCode(after, '$SYS/#')).toBe(0);
  });

  it('a role change Admin → User closes the session and refuses the old token', async () => {
    const member = await newMember('Admin');
    const oldToken = await dashboardToken(member);
    const before = await connected('TCP', oldToken);
    expect(await subscribeCode(before, '$SYS/#')).toBe(0);

    const changed = await changeTestMemberRoleAs(app, team.owner, team.workspaceId, member, 'User');
    expect(changed.statusCode).toBe(200);
    expect(await closedWithin(before, CLOSE_WITHIN_MS)).toBe(true);
    expect(await connect('TCP', oldToken)).toBe(4);

    const after = await connected('TCP', await dashboardToken(member));
    expect(await subscribeCode(after, '$SYS/#')).toBe(128);
    const isClosed = closedWithin(after, CLOSE_WITHIN_MS);
    after.publish('rights/demoted', 'no', { qos: 0 });
    expect(await isClosed).toBe(true);
  });

  it('leaving the workspace closes the session and refuses the token', async () => {
    const member = await newMember('User');
    const token = await dashboardToken(member);
    const session = await connected('WebSocket', token);
    const left = await callAs(app, member, 'POST', `/v3/workspace/${team.workspaceId}/leave`);
    expect(left.statusCode).toBe(204);
    expect(await closedWithin(session, CLOSE_WITHIN_MS)).toBe(true);
    expect(await connect('WebSocket', token)).toBe(4);
  });

  it('deleting the account closes the sessions and refuses the token', async () => {
    const member = await newMember('Admin');
    const token = await dashboardToken(member);
    const sessions = await Promise.all(TRANSPORTS.map((transport) => connected(transport, token)));

    const deleted = await callAs(app, member, 'DELETE', '/v3/user');
    expect(deleted.statusCode).toBe(204);
    for (const session of sessions) expect(await closedWithin(session, CLOSE_WITHIN_MS)).toBe(true);
    for (const transport of TRANSPORTS) expect(await connect(transport, token)).toBe(4);
  });

  it("deleting the account of a workspace's only member stops that workspace's services", async () => {
    const loner = await createTestMember(app);
    const created = await callAs(app, loner, 'POST', '/v3/workspace', { name: 'Alone' });
    expect(created.statusCode).toBe(201);
    const workspaceId = (created.json() as { workspace_id: string }).workspace_id;
    let own = await insertTestService(app.db, { workspaceId });
    app.provisioner.reconcile(own.id);
    own = (await waitForService(app.db, own.id, isRunning, 20_000))!;
    const serviceToken = await signControlPlaneToken(app.tokens, own);
    const session = await new Promise<mqtt.MqttClient>((resolve, reject) => {
      const client = mqtt.connect(`mqtt://127.0.0.1:${own.mqttPort}`, {
        protocolVersion: 4,
        username: 'token',
        password: serviceToken,
        reconnectPeriod: 0,
      });
      client.once('connect', () => resolve(client));
      client.once('error', reject);
    });
    clients.push(session);

    const deleted = await callAs(app, loner, 'DELETE', '/v3/user');
    expect(deleted.statusCode).toBe(204);
    // The workspace and its service rows went with the account: nothing may keep serving them.
    expect(await closedWithin(session, CLOSE_WITHIN_MS)).toBe(true);
    expect(app.provisioner.endpointOf(own.id)).toBeNull();
  }, 40_000);

  it('signing out ends the dashboard token too', async () => {
    const member = await newMember('User');
    const token = await dashboardToken(member);
    const session = await connected('TCP', token);
    const signedOut = await callAs(app, member, 'POST', '/v3/auth/logout');
    expect(signedOut.statusCode).toBe(204);
    expect(await closedWithin(session, CLOSE_WITHIN_MS)).toBe(true);
    expect(await connect('TCP', token)).toBe(4);
  });

  it('changing the password ends the old dashboard token', async () => {
    const member = await newMember('User');
    const token = await dashboardToken(member);
    const session = await connected('TCP', token);
    const changed = await callAs(app, member, 'PUT', '/v3/user/change-password', {
      password: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(await closedWithin(session, CLOSE_WITHIN_MS)).toBe(true);
    expect(await connect('TCP', token)).toBe(4);
  });

  it('a runtime that was stopped when the member was removed refuses the token when it is back', async () => {
    const member = await newMember('Admin');
    const token = await dashboardToken(member);
    await app.db.update(service).set({ desiredState: 'suspended' }).where(eq(service.id, row.id));
    app.provisioner.reconcile(row.id);
    await waitForService(app.db, row.id, (current) => current?.status === 'SUSPENDED');

    const removed = await callAs(
      app,
      team.owner,
      'DELETE',
      `/v3/workspace/${team.workspaceId}/members/${member.userId}`,
    );
    expect(removed.statusCode).toBe(204);

    await app.db.update(service).set({ desiredState: 'running' }).where(eq(service.id, row.id));
    app.provisioner.reconcile(row.id);
    row = (await waitForService(app.db, row.id, isRunning, 20_000))!;
    // The revocation reaches the runtime as it is registered; a session that slipped in before is closed by it.
    const deadline = Date.now() + CLOSE_WITHIN_MS;
    let outcome = await connect('TCP', token);
    while (typeof outcome !== 'number' && Date.now() < deadline) {
      expect(await closedWithin(outcome, CLOSE_WITHIN_MS)).toBe(true);
      outcome = await connect('TCP', token);
    }
    expect(outcome).toBe(4);
  }, 40_000);
});
