// @vitest-environment node
/**
 * The session manager with mqtt.js (Node's build of the same library the browser loads) against a real service
 * runtime over WebSocket: connect with a dashboard token, subscribe, survive a runtime restart, stop on a
 * requested close, fail on a revoked token. No double of the broker or of the client.
 */
import { startRuntime, type RunningRuntime } from '@herald/runtime/runtime';
import { silentLogger } from '@herald/runtime/log';
import { connectClient } from '@herald/runtime/testing/mqtt-helpers';
import {
  TEST_WORKSPACE_ID,
  createTestKeys,
  testConfig,
  testDataDir,
  type TestKeys,
} from '@herald/runtime/testing/test-keys';
import type { RuntimeConfig } from '@herald/runtime/config';
import { MESSAGING_FAILURE_MESSAGES } from '@herald/contract/messaging/messaging-session';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectWithMqtt, type MessagingConnector } from './mqtt-connector';
import { MessagingSessionManager, type MessagingMessage } from './session-manager';

// The web project's shared setup clears the browser's storage after each test; Node has none.
for (const name of ['sessionStorage', 'localStorage'] as const) {
  if (!(name in globalThis)) {
    Object.defineProperty(globalThis, name, { value: { clear: () => {} }, configurable: true });
  }
}

let keys: TestKeys;
let config: RuntimeConfig;
let runtime: RunningRuntime | null = null;
let controlPlaneToken: string;
const managers: MessagingSessionManager[] = [];

const websocketUrl = () => `ws://127.0.0.1:${config.httpPort}/mqtt`;
const target = () => ({
  serviceName: 'test-service',
  region: 'eu-west-1',
  heraldVersion: '6.11.0',
  endpoints: { websocketUrl: websocketUrl() },
});

async function startService(): Promise<void> {
  runtime = await startRuntime(config, { logger: silentLogger });
  // The first start picks free ports; a restart keeps them, as the provisioner does.
  config = { ...config, httpPort: runtime.httpPort, mqttPort: runtime.mqttPort };
}

async function stopService(): Promise<void> {
  await runtime?.close();
  runtime = null;
}

async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${config.httpPort}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${controlPlaneToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as unknown;
}

/** The real connector, counting the attempts it is asked for. */
function countingConnector(): { connect: MessagingConnector; attempts: () => number } {
  let attempts = 0;
  return {
    connect: (options, handlers) => {
      attempts += 1;
      return connectWithMqtt(options, handlers);
    },
    attempts: () => attempts,
  };
}

function manager(options: {
  accessToken: string;
  fetchAccessToken?: () => Promise<string | null>;
  connect?: MessagingConnector;
}) {
  const created = new MessagingSessionManager({
    service: target(),
    connect: options.connect ?? connectWithMqtt,
    accessToken: options.accessToken,
    fetchAccessToken: options.fetchAccessToken ?? (async () => options.accessToken),
  });
  managers.push(created);
  return created;
}

async function publisher() {
  return connectClient(`mqtt://127.0.0.1:${config.mqttPort}`, {
    username: 'token',
    password: await keys.serviceToken(),
  });
}

const memberToken = (role: 'User' | 'Admin' = 'User', issuedAtMs?: number) =>
  keys.dashboardToken(
    { [TEST_WORKSPACE_ID]: role },
    { customerId: 'member-1', ...(issuedAtMs === undefined ? {} : { issuedAtMs }) },
  );

beforeAll(async () => {
  keys = await createTestKeys();
  config = testConfig(keys, await testDataDir());
  await startService();
  controlPlaneToken = await keys.serviceToken();
});

afterEach(() => {
  for (const created of managers.splice(0)) created.close();
});

afterAll(async () => {
  await stopService();
});

describe('the messaging session against a real runtime', () => {
  it('connects with the member token and receives the values of a subscribed filter', async () => {
    const session = manager({ accessToken: await memberToken() });
    const received: MessagingMessage[] = [];
    session.subscribe('sensors/+', (message) => received.push(message));
    expect(session.start()).toEqual({ ok: true });
    expect(session.getSnapshot().state).toBe('connecting');
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('connected'), {
      timeout: 5_000,
    });

    const client = await publisher();
    await client.publishAsync('sensors/a', '21.5', { qos: 1 });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    expect(received[0]).toMatchObject({ topic: 'sensors/a', retained: false });
    expect(new TextDecoder().decode(received[0]?.payload)).toBe('21.5');
    await client.endAsync();
  });

  it('refuses a second start while the first attempt is underway, and while connected', async () => {
    const connector = countingConnector();
    const session = manager({ accessToken: await memberToken(), connect: connector.connect });
    session.start();
    expect(session.start()).toEqual({ ok: false, message: 'A connection attempt is underway' });
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('connected'), {
      timeout: 5_000,
    });
    expect(session.start()).toEqual({ ok: false, message: 'A session already exists' });
    expect(connector.attempts()).toBe(1);
  });

  it('reconnects after the runtime restarts and re-sends its subscriptions', async () => {
    const session = manager({ accessToken: await memberToken() });
    const received: string[] = [];
    session.subscribe('restart/topic', (message) =>
      received.push(new TextDecoder().decode(message.payload)),
    );
    session.start();
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('connected'), {
      timeout: 5_000,
    });

    await stopService();
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('reconnecting'), {
      timeout: 5_000,
    });
    // Down for a few retry periods: the session keeps retrying, one attempt at a time.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(session.getSnapshot().state).toBe('reconnecting');
    await startService();
    // The retry delay is 1 s; five allow for a loaded machine (a bound, not a speed assertion).
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('connected'), {
      timeout: 5_000,
    });

    const client = await publisher();
    // Retained: had the SUBSCRIBE arrived after this publish, the value is still delivered.
    await client.publishAsync('restart/topic', 'after restart', { qos: 1, retain: true });
    await vi.waitFor(() => expect(received).toContain('after restart'), { timeout: 5_000 });
    await client.endAsync();
  });

  it('stops retrying after a requested close', async () => {
    const connector = countingConnector();
    const session = manager({ accessToken: await memberToken(), connect: connector.connect });
    session.start();
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('connected'), {
      timeout: 5_000,
    });
    session.close();
    expect(session.getSnapshot().state).toBe('closed');
    await stopService();
    await startService();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(session.getSnapshot().state).toBe('closed');
    expect(connector.attempts()).toBe(1);
    const sessions = (await admin('GET', '/admin/sessions')) as { sessions?: unknown[] };
    expect(JSON.stringify(sessions)).not.toContain('herald-dashboard-');
  });

  it('fails with a clear error when the token is revoked, after fetching a fresh one once', async () => {
    const revokedToken = await memberToken('User', Date.now() - 60_000);
    await admin('PUT', '/admin/dashboard-revocations', {
      revocations: [{ customerId: 'member-1', notBefore: Date.now() - 30_000 }],
    });
    const connector = countingConnector();
    const fetchAccessToken = vi.fn(async () => revokedToken);
    const session = manager({
      accessToken: revokedToken,
      fetchAccessToken,
      connect: connector.connect,
    });
    session.start();
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('failed'), { timeout: 5_000 });
    // The runtime answers a revoked dashboard token with CONNACK 4 (bad user name or password).
    expect(session.getSnapshot().error).toBe(MESSAGING_FAILURE_MESSAGES.badCredentials);
    expect(fetchAccessToken).toHaveBeenCalledOnce();
    expect(connector.attempts()).toBe(2);
    // Failed is final: no retry follows.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(connector.attempts()).toBe(2);
  });

  it('connects with the fresh token when the first one was revoked (a role change)', async () => {
    const oldToken = await memberToken('User', Date.now() - 60_000);
    const freshToken = await memberToken('Admin');
    const session = manager({ accessToken: oldToken, fetchAccessToken: async () => freshToken });
    session.start();
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('connected'), {
      timeout: 5_000,
    });
    expect(session.getSnapshot().error).toBeNull();
  });

  it('fails when the token is not one the service accepts at all', async () => {
    const session = manager({ accessToken: 'not-a-token' });
    session.start();
    await vi.waitFor(() => expect(session.getSnapshot().state).toBe('failed'), { timeout: 5_000 });
    expect(session.getSnapshot().error).toBe(MESSAGING_FAILURE_MESSAGES.badCredentials);
  });
});
