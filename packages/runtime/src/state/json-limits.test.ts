import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_LIMIT_MESSAGES, MAX_JSON_DEPTH } from '@herald/contract/common/json-limits';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { DurableState, topicEntry } from './durable-state';
import { closed, connectClient } from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from '../testing/test-keys';

/**
 * Issue 25: one publish of a JSON value nested 10,000 deep made every topic listing of its service answer 503
 * (JSON.stringify overflowed the stack), across restarts; `1e400` was stored as null. Every door refuses them now,
 * and a value an older runtime stored is answered as its text.
 */
let keys: TestKeys;
let runtime: RunningRuntime;
let dataDir: string;
let adminToken: string;
const clients: MqttClient[] = [];

/** `[[...[1]...]]` nested `depth` levels (10,000 levels is 20 KB). */
const nestedText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

async function raw(method: string, path: string, body?: string) {
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Publishes with QoS 1: true once PUBACKed, false when the runtime closed the connection instead. */
async function publishAcked(topic: string, payload: string): Promise<boolean> {
  const client = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
    username: 'token',
    password: adminToken,
  });
  client.on('error', () => {});
  clients.push(client);
  const gone = closed(client).then(() => false);
  const acked = client.publishAsync(topic, payload, { qos: 1 }).then(
    () => true,
    () => false,
  );
  return Promise.race([acked, gone]);
}

async function start(): Promise<void> {
  runtime = await startRuntime(testConfig(keys, dataDir), { logger: silentLogger });
}

beforeAll(async () => {
  keys = await createTestKeys();
  dataDir = await testDataDir();
  await start();
  adminToken = await keys.serviceToken();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

describe('a JSON value nested past the limit', () => {
  it('is refused over MQTT without a PUBACK, on a new topic and on a JSON one', async () => {
    expect(await publishAcked('deep/new', nestedText(10_000))).toBe(false);
    expect((await raw('GET', '/admin/topics/deep/new')).status).toBe(404);

    expect((await raw('PUT', '/admin/topics/deep/json', '{"value":{"a":1}}')).status).toBe(201);
    expect(await publishAcked('deep/json', nestedText(MAX_JSON_DEPTH + 1))).toBe(false);
    expect(await publishAcked('deep/json', nestedText(MAX_JSON_DEPTH))).toBe(true);
    const listing = await raw('GET', '/admin/topics?selector=deep//');
    expect(listing.status).toBe(200);
    expect(listing.body.topics).toEqual([
      expect.objectContaining({ path: 'deep/json', value: JSON.parse(nestedText(MAX_JSON_DEPTH)) }),
    ]);
  });

  it('is refused by the admin API with 400 naming the field', async () => {
    const refused = await raw('PUT', '/admin/topics/deep/put', `{"value":${nestedText(10_000)}}`);
    expect(refused).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: `body.value: ${JSON_LIMIT_MESSAGES.tooDeep}` },
    });
    expect((await raw('GET', '/admin/topics/deep/put')).status).toBe(404);
  });

  it('stored by an older runtime, is answered as its text and never breaks a listing', async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    await runtime.close();
    // Written the old way: the state layer keeps whatever bytes a publish brought.
    const state = await DurableState.open({ dir: dataDir });
    const deep = nestedText(10_000);
    await state.commitAsync(
      topicEntry('deep/old', {
        type: 'JSON',
        properties: {},
        value: Buffer.from(deep),
        updatedAt: Date.now(),
      }),
    );
    await state.close();
    await start();

    const listing = await raw('GET', '/admin/topics');
    expect(listing.status).toBe(200);
    expect(listing.body.topics).toContainEqual(
      expect.objectContaining({ path: 'deep/old', type: 'JSON', value: deep }),
    );
    expect((await raw('GET', '/admin/topics/deep/old')).body).toMatchObject({ value: deep });
  });
});

describe('a number JSON cannot hold (1e400)', () => {
  it('is refused on a DOUBLE topic with 400 naming the field, and the value is kept', async () => {
    expect(
      (await raw('PUT', '/admin/topics/num/double', '{"type":"DOUBLE","value":2.5}')).status,
    ).toBe(201);
    expect(await raw('PUT', '/admin/topics/num/double', '{"value":1e400}')).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: `body.value: ${JSON_LIMIT_MESSAGES.nonFinite}` },
    });
    expect((await raw('GET', '/admin/topics/num/double')).body).toMatchObject({ value: 2.5 });
  });

  it('is refused inside a JSON value, naming where', async () => {
    expect(await raw('PUT', '/admin/topics/num/json', '{"value":{"reading":-1e400}}')).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: `body.value.reading: ${JSON_LIMIT_MESSAGES.nonFinite}`,
      },
    });
  });
});
