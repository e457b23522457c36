import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient, nextMessage } from '../testing/mqtt-helpers';
import { RUNTIME_BUNDLE } from '../build/runtime-bundle';
import { killSpawnedRuntimes, spawnRuntime } from '../testing/spawn-runtime';
import { createTestKeys, testConfig, testDataDir, testEnv } from '../testing/test-keys';

const MESSAGES = 10_000;
const KILL_AFTER_ACKS = 3_000;

async function fetchAllTopics(httpPort: number, token: string): Promise<Map<string, unknown>> {
  const topics = new Map<string, unknown>();
  let after = '';
  for (;;) {
    const response = await fetch(
      `http://127.0.0.1:${httpPort}/admin/topics?limit=1000&after=${encodeURIComponent(after)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const page = (await response.json()) as {
      topics: { path: string; value: unknown }[];
      hasMore: boolean;
    };
    for (const topic of page.topics) topics.set(topic.path, topic.value);
    if (!page.hasMore) return topics;
    after = page.topics.at(-1)?.path ?? '';
  }
}

afterEach(() => killSpawnedRuntimes());

describe('the runtime process', () => {
  it('loses no acknowledged QoS 1 publish or admin write when killed with SIGKILL', async () => {
    const keys = await createTestKeys();
    const token = await keys.serviceToken();
    const env = testEnv(testConfig(keys, await testDataDir(), { topicsCapacity: 20_000 }));
    const first = await spawnRuntime(env);

    const adminWrite = await fetch(
      `http://127.0.0.1:${first.httpPort}/admin/topics/durability/admin`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'JSON', value: { written: 'before kill' } }),
      },
    );
    expect(adminWrite.status).toBe(201);

    const client: MqttClient = await connectClient(`mqtt://127.0.0.1:${first.mqttPort}`, {
      username: 'token',
      password: token,
    });
    client.on('error', () => {});
    const acknowledged: number[] = [];
    let killed = false;
    const killedAt = new Promise<void>((resolve) => {
      for (let n = 0; n < MESSAGES; n += 1) {
        client.publish(`durability/${n}`, String(n), { qos: 1 }, (error) => {
          if (error !== undefined && error !== null) return;
          if (killed) return;
          acknowledged.push(n);
          if (acknowledged.length >= KILL_AFTER_ACKS) {
            killed = true;
            first.child.kill('SIGKILL');
            resolve();
          }
        });
      }
    });
    await killedAt;
    expect((await first.exited).signal).toBe('SIGKILL');
    client.end(true);

    const second = await spawnRuntime(env);
    try {
      const topics = await fetchAllTopics(second.httpPort, token);
      const lost = acknowledged.filter((n) => topics.get(`durability/${n}`) !== String(n));
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(lost).toEqual([]);
      expect(topics.get('durability/admin')).toEqual({ written: 'before kill' });
    } finally {
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    }
  });

  it('keeps typed topics, time series events and removals across SIGKILL', async () => {
    const keys = await createTestKeys();
    const token = await keys.serviceToken();
    const env = testEnv(testConfig(keys, await testDataDir()));
    const first = await spawnRuntime(env);
    const api = (port: number, method: string, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));
    const put = (path: string, body: unknown) =>
      api(first.httpPort, 'PUT', `/admin/topics/${path}`, body);
    await put('kept/series', {
      type: 'TIME_SERIES',
      properties: { TIME_SERIES_EVENT_VALUE_TYPE: 'INT64', TIME_SERIES_RETAINED_RANGE: 'limit 4' },
    });
    await put('kept/count', { type: 'INT64', properties: { PRIORITY: 'high' }, value: 7 });
    await put('kept/memory', { type: 'STRING', properties: { PERSISTENT: 'false' }, value: 'm' });
    await put('gone/by-selector', { type: 'STRING', value: 'x' });
    await put('gone/by-removal', { type: 'STRING', properties: { REMOVAL: 'when time after 1' } });
    const client = await connectClient(`mqtt://127.0.0.1:${first.mqttPort}`, {
      username: 'token',
      password: token,
    });
    for (let n = 0; n < 5; n += 1) await client.publishAsync('kept/series', String(n), { qos: 1 });
    expect((await put('kept/series', { value: 5 })).status).toBe(200);
    await client.publishAsync('kept/count', '8', { qos: 1 });
    expect(
      (
        await api(
          first.httpPort,
          'DELETE',
          `/admin/topics?selector=${encodeURIComponent('>gone/by-selector')}`,
        )
      ).body,
    ).toEqual({ removed: 1 });
    // The REMOVAL timer (1 s) removes its topic; the removal is durable once the topic is gone.
    for (let tries = 0; tries < 40; tries += 1) {
      if ((await api(first.httpPort, 'GET', '/admin/topics/gone/by-removal')).status === 404) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    client.end(true);

    const second = await spawnRuntime(env);
    try {
      const events = await api(second.httpPort, 'GET', '/admin/time-series?path=kept/series');
      expect(events.body.events).toMatchObject([
        { sequence: 2, value: 2 },
        { sequence: 3, value: 3 },
        { sequence: 4, value: 4 },
        { sequence: 5, value: 5 },
      ]);
      // Sequence numbers are never reused after a restart.
      const appended = await api(second.httpPort, 'PUT', '/admin/topics/kept/series', { value: 6 });
      expect(appended.body).toMatchObject({ value: 6 });
      const after = await api(
        second.httpPort,
        'GET',
        '/admin/time-series?path=kept/series&after=5',
      );
      expect(after.body.events).toMatchObject([{ sequence: 6, value: 6 }]);
      expect((await api(second.httpPort, 'GET', '/admin/topics/kept/count')).body).toMatchObject({
        type: 'INT64',
        properties: { PRIORITY: 'high' },
        value: 8,
      });
      for (const path of ['kept/memory', 'gone/by-selector', 'gone/by-removal']) {
        expect((await api(second.httpPort, 'GET', `/admin/topics/${path}`)).status).toBe(404);
      }
      const tree = await api(second.httpPort, 'GET', '/admin/topic-tree?parent=kept');
      expect(tree.body).toMatchObject({ total: 2 });
    } finally {
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    }
  });

  it('writes runtime.json when ready and exits 0 on SIGTERM', async () => {
    const keys = await createTestKeys();
    const dataDir = join(await testDataDir(), 'created-if-missing');
    const runtime = await spawnRuntime(testEnv(testConfig(keys, dataDir, { version: '6.8.1' })));
    const info = JSON.parse(await readFile(join(dataDir, 'runtime.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({
      pid: runtime.child.pid,
      mqttPort: runtime.mqttPort,
      httpPort: runtime.httpPort,
      version: '6.8.1',
    });
    expect(typeof info.startedAt).toBe('string');
    runtime.child.kill('SIGTERM');
    expect((await runtime.exited).code).toBe(0);
    const lines = runtime.lines.map((line) => JSON.parse(line) as { level: string; time: string });
    expect(lines.every((line) => typeof line.time === 'string' && line.level !== undefined)).toBe(
      true,
    );
    expect(runtime.lines.join('\n')).not.toMatch(/eyJ/);
  });

  it('loses no log line of a connection when stopped right after it (lines are written once per turn)', async () => {
    const keys = await createTestKeys();
    const runtime = await spawnRuntime(testEnv(testConfig(keys, await testDataDir())));
    const client = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
      username: 'token',
      password: await keys.serviceToken(),
      clientId: 'logged-device',
    });
    await new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
    runtime.child.kill('SIGTERM');
    const stdoutClosed = new Promise((resolve) => runtime.child.stdout?.once('close', resolve));
    expect((await runtime.exited).code).toBe(0);
    await stdoutClosed;
    const messages = runtime.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    // The last line is written in the same turn as process.exit: only the exit flush saves it.
    expect(messages.at(-1)).toBe('runtime stopped');
    expect(messages).toEqual(
      expect.arrayContaining([
        'ready',
        'mqtt session authenticated',
        'mqtt client connected',
        'mqtt client disconnected',
        'stopping',
      ]),
    );
  });

  it('keeps serving when the reader of its stdout is gone (the control plane died)', async () => {
    const keys = await createTestKeys();
    const token = await keys.serviceToken();
    const runtime = await spawnRuntime(testEnv(testConfig(keys, await testDataDir())));
    runtime.child.stdout?.destroy();
    const url = `mqtt://127.0.0.1:${runtime.mqttPort}`;
    // Each new session writes a log line, which now meets a pipe without a reader (EPIPE).
    for (let round = 0; round < 3; round += 1) {
      const client = await connectClient(url, { username: 'token', password: token });
      await client.publishAsync('pipe/gone', String(round), { qos: 1 });
      await client.endAsync();
    }
    const reader = await connectClient(url, { username: 'token', password: token });
    const value = nextMessage(reader, 'pipe/gone');
    await reader.subscribeAsync('pipe/gone');
    expect((await value).payload).toBe('2');
    await reader.endAsync();
    expect(runtime.child.exitCode).toBeNull();
    runtime.child.kill('SIGTERM');
    expect((await runtime.exited).code).toBe(0);
  });

  it('exits 1 naming the variable when the environment is bad', async () => {
    const keys = await createTestKeys();
    const env = testEnv(testConfig(keys, await testDataDir(), { version: '7.0.0' }));
    const child = spawn(process.execPath, [RUNTIME_BUNDLE], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('HERALD_VERSION');
  });
});
