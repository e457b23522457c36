import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { createTestKeys, testConfig, testDataDir } from '../testing/test-keys';

const run = promisify(execFile);
let runtime: RunningRuntime;
let token: string;

beforeAll(async () => {
  const keys = await createTestKeys();
  token = await keys.serviceToken();
  runtime = await startRuntime(testConfig(keys, await testDataDir()), { logger: silentLogger });
});

afterAll(() => runtime.close());

describe('standard MQTT clients (Debian mosquitto-clients)', () => {
  it('mosquitto_sub receives what mosquitto_pub publishes, with a token as password', async () => {
    const connection = [
      '-h',
      '127.0.0.1',
      '-p',
      String(runtime.mqttPort),
      '-u',
      'token',
      '-P',
      token,
    ];
    const subscriber = run(
      '/usr/bin/mosquitto_sub',
      [...connection, '-t', 'x/#', '-C', '1', '-v', '-q', '1'],
      {
        timeout: 10_000,
      },
    );
    // mosquitto_sub has no "subscribed" signal: publish until the subscriber has its message.
    let isDone = false;
    void subscriber.finally(() => (isDone = true)).catch(() => {});
    while (!isDone) {
      await run('/usr/bin/mosquitto_pub', [...connection, '-t', 'x/y', '-m', 'hello', '-q', '1'], {
        timeout: 5_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await subscriber).stdout.trim()).toBe('x/y hello');
  });

  it('mosquitto_pub is refused with a bad password', async () => {
    const failure = await run(
      '/usr/bin/mosquitto_pub',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(runtime.mqttPort),
        '-u',
        'nobody',
        '-P',
        'wrong',
        '-t',
        'x/y',
        '-m',
        'm',
      ],
      { timeout: 5_000 },
    ).then(
      () => null,
      (error: { stderr: string; code: number }) => error,
    );
    expect(failure?.code).not.toBe(0);
    expect(failure?.stderr).toMatch(/not authori[sz]ed|bad user ?name or password/i);
  });
});
