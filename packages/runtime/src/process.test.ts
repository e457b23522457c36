import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient, nextMessage } from './testing/mqtt-helpers';
import { killSpawnedRuntimes, spawnRuntime } from './testing/spawn-runtime';
import { createTestKeys, testConfig, testDataDir, testEnv } from './testing/test-keys';

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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('HERALD_VERSION');
  });
});
