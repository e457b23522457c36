import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYS_SERVER_TOPIC } from '@herald/contract/console/console.schema';
import { serviceHostname } from '@herald/contract/services/service-display';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestService,
  isRunning,
  waitForService,
  type ServiceRow,
} from '../../adapters/provisioner/testing/test-services';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { createConsoleTicketStore } from './console-tickets';

/**
 * The service console's control-plane side against a real runtime (a detached runtime process on loopback, as in
 * production): single sign-on tickets and their cookie, and the admin principal created by the Setup admin user
 * modal, used by a real MQTT client.
 */
let app: FastifyInstance;
let team: Awaited<ReturnType<typeof createTestTeam>>;
let row: ServiceRow;
const clients: MqttClient[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-console-'));
const portBase = 30_000 + Math.floor(Math.random() * 400) * 50;

useTestApp((ready) => ({ app } = ready), {
  env: { DATA_DIR: dataDir, SERVICE_PORT_BASE: String(portBase), SERVICE_PORT_COUNT: '50' },
});

beforeAll(async () => {
  team = await createTestTeam(app, 'Console');
  const inserted = await insertTestService(app.db, {
    workspaceId: team.workspaceId,
    useConsoleSso: true,
  });
  app.provisioner.reconcile(inserted.id);
  row = (await waitForService(app.db, inserted.id, isRunning, 20_000))!;
}, 30_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  rmSync(dataDir, { recursive: true, force: true });
});

const hostOf = (service: Pick<ServiceRow, 'serviceName' | 'region'>) =>
  `${serviceHostname(service)}.localhost:3000`;

function ticketFor(who: { token: string }, service: Pick<ServiceRow, 'id'> = row) {
  return callAs(app, who, 'POST', `/v3/service/${service.id}/console/sso`);
}

/** The dashboard's cross-site form POST to the service host. */
function redeem(ticket: string, service: Pick<ServiceRow, 'serviceName' | 'region'> = row) {
  return app.inject({
    method: 'POST',
    url: '/_console/sso',
    headers: {
      host: hostOf(service),
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'cross-site',
    },
    payload: new URLSearchParams({ ticket }).toString(),
  });
}

function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  return String(Array.isArray(header) ? header[0] : header);
}

async function signInBySso(who: { token: string }): Promise<string> {
  const issued = await ticketFor(who);
  expect(issued.statusCode, issued.body).toBe(200);
  const redeemed = await redeem((issued.json() as { ticket: string }).ticket);
  expect(redeemed.statusCode, redeemed.body).toBe(303);
  const cookie = cookieOf(redeemed).split(';')[0] ?? '';
  const handed = await app.inject({
    method: 'GET',
    url: '/_console/sso-token',
    headers: { host: hostOf(row), cookie },
  });
  expect(handed.statusCode, handed.body).toBe(200);
  // Handed over once: the same answer clears the cookie.
  expect(cookieOf(handed)).toContain('Max-Age=0');
  expect(handed.headers['cache-control']).toBe('no-store');
  return (handed.json() as { token: string }).token;
}

async function connect(options: { username: string; password: string }): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
    ...options,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
  clients.push(client);
  return client;
}

describe('console single sign-on', () => {
  it('issues a 30-second ticket whose form target is the service host', async () => {
    const response = await ticketFor(team.user);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      consoleUrl: `http://${hostOf(row)}/`,
      ssoUrl: `http://${hostOf(row)}/_console/sso`,
      expiresIn: 30,
    });
    expect(body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('turns the ticket into a 30-second HttpOnly cookie of the service host and opens ?sso-login', async () => {
    const { ticket } = (await ticketFor(team.admin)).json() as { ticket: string };
    const response = await redeem(ticket);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/?sso-login');
    const cookie = cookieOf(response);
    expect(cookie).toMatch(/^herald_console_sso=[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(cookie).toContain('Max-Age=30');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/_console/sso-token');
    expect(cookie).not.toMatch(/domain=/i);
  });

  it('accepts a ticket once only', async () => {
    const { ticket } = (await ticketFor(team.user)).json() as { ticket: string };
    expect((await redeem(ticket)).statusCode).toBe(303);
    const again = await redeem(ticket);
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain('expired or was already used');
  });

  it("refuses a ticket on another service's host, and spends it", async () => {
    const other = await insertTestService(app.db, {
      workspaceId: team.workspaceId,
      useConsoleSso: true,
      status: 'RUNNING',
      desiredState: 'suspended',
    });
    const { ticket } = (await ticketFor(team.owner)).json() as { ticket: string };
    expect((await redeem(ticket, other)).statusCode).toBe(403);
    expect((await redeem(ticket)).statusCode).toBe(403);
  });

  it('refuses a made-up ticket and a form without one', async () => {
    expect((await redeem('A'.repeat(43))).statusCode).toBe(403);
    const empty = await app.inject({
      method: 'POST',
      url: '/_console/sso',
      headers: { host: hostOf(row), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('hands the token over and clears the cookie; the User gets CLIENT rights, an Admin ADMINISTRATOR', async () => {
    const userToken = await signInBySso(team.user);
    const user = await connect({ username: 'token', password: userToken });
    // mqtt.js rejects a SUBACK with the failure code 0x80.
    await expect(user.subscribeAsync(SYS_SERVER_TOPIC)).rejects.toThrow(/Subscribe error/);
    expect((await user.subscribeAsync('#'))[0]?.qos).toBe(0);

    const admin = await connect({ username: 'token', password: await signInBySso(team.admin) });
    const info = new Promise<string>((resolve) =>
      admin.on(
        'message',
        (topic, payload) => topic === SYS_SERVER_TOPIC && resolve(String(payload)),
      ),
    );
    expect((await admin.subscribeAsync(SYS_SERVER_TOPIC))[0]?.qos).toBe(0);
    expect(JSON.parse(await info)).toMatchObject({ serviceId: row.id });
  });

  it('answers 401 in the envelope when no sign-in cookie is waiting, and clears it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/_console/sso-token',
      headers: { host: hostOf(row) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: expect.any(String) });
    expect(cookieOf(response)).toContain('Max-Age=0');
  });

  it('is refused while single sign-on is off, and to non-members', async () => {
    const off = await insertTestService(app.db, {
      workspaceId: team.workspaceId,
      status: 'RUNNING',
      desiredState: 'suspended',
    });
    const response = await ticketFor(team.owner, off);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Single sign-on to the console is off');
    const stranger = await createTestTeam(app, 'Strangers');
    expect((await ticketFor(stranger.owner)).statusCode).toBe(404);
  });

  it('is not served on the dashboard host', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/_console/sso',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'ticket=x',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('console tickets', () => {
  it('expire after 30 seconds', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = createConsoleTicketStore(() => new Date(now));
    const { ticket } = store.issue({ serviceId: 's', customerId: 'c' });
    const second = store.issue({ serviceId: 's', customerId: 'c' }).ticket;
    now += 29_999;
    expect(store.take(ticket)).toMatchObject({ serviceId: 's', customerId: 'c' });
    now += 1;
    expect(store.take(second)).toBeUndefined();
  });
});

describe('PUT /v3/service/{id}/admin-principal', () => {
  const url = () => `/v3/service/${row.id}/admin-principal`;

  it('needs configure-service-console (a User is refused)', async () => {
    const response = await callAs(app, team.user, 'PUT', url(), {
      username: 'ops',
      password: 'correct horse',
    });
    expect(response.statusCode).toBe(403);
  });

  it('creates an ADMINISTRATOR principal that an MQTT client signs in with', async () => {
    const response = await callAs(app, team.admin, 'PUT', url(), {
      username: 'console-ops',
      password: 'correct horse battery',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      username: 'console-ops',
      roles: ['ADMINISTRATOR'],
      consoleUrl: `http://${hostOf(row)}/`,
      created: true,
    });
    expect(response.body).not.toContain('correct horse');
    const client = await connect({ username: 'console-ops', password: 'correct horse battery' });
    await client.publishAsync('console/check', 'ok', { qos: 1 });
    expect((await client.subscribeAsync(SYS_SERVER_TOPIC))[0]?.qos).toBe(0);
    await expect(
      connect({ username: 'console-ops', password: 'wrong password!' }),
    ).rejects.toMatchObject({ code: 4 });

    const again = await callAs(app, team.owner, 'PUT', url(), {
      username: 'console-ops',
      password: 'another long one',
    });
    expect(again.json()).toMatchObject({ created: false });
    const audit = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${team.workspaceId}/audit-log?limit=5`,
    );
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('service.admin_principal_set');
    expect(audit.body).not.toContain('another long one');
  });

  it.each([
    [{ username: 'ops', password: 'short' }, 'body.password'],
    [{ username: '$SYS', password: 'long enough' }, 'body.username'],
    [{ username: 'ops' }, 'body.password'],
    [{ username: 'ops', password: 'long enough', roles: ['CLIENT'] }, 'body'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const response = await callAs(app, team.admin, 'PUT', url(), body);
    expect(response.statusCode).toBe(400);
    const issues = (response.json() as { issues?: { path: string }[] }).issues ?? [];
    expect(issues.map((issue) => issue.path)).toContain(field);
  });

  it('answers 409 while the service is not running and 503 when its runtime does not answer', async () => {
    const starting = await insertTestService(app.db, {
      workspaceId: team.workspaceId,
      status: 'POD_INITIALIZING',
      desiredState: 'suspended',
    });
    const notRunning = await callAs(
      app,
      team.admin,
      'PUT',
      `/v3/service/${starting.id}/admin-principal`,
      {
        username: 'ops',
        password: 'long enough',
      },
    );
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json().message).toBe(
      'The console is available when the service is running. It is Starting now.',
    );
    // RUNNING in its row, but no runtime registered for it on this server.
    const gone = await insertTestService(app.db, {
      workspaceId: team.workspaceId,
      status: 'RUNNING',
      desiredState: 'suspended',
    });
    const noAnswer = await callAs(
      app,
      team.admin,
      'PUT',
      `/v3/service/${gone.id}/admin-principal`,
      {
        username: 'ops',
        password: 'long enough',
      },
    );
    expect(noAnswer.statusCode).toBe(503);
    expect(noAnswer.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service did not answer; try again.',
    });
  });
});
