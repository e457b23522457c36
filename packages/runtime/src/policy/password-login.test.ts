import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../observability/log';
import { DEFAULT_LOGIN_THROTTLE } from './login-throttle';
import { startRuntime, type RunningRuntime } from '../runtime';
import { connectClient, refusalCode } from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from '../testing/test-keys';

let keys: TestKeys;
let runtime: RunningRuntime;
let tcpUrl: string;

async function putPrincipal(name: string, password: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}/admin/principals/${name}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${await keys.serviceToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ password, roles: ['CLIENT'] }),
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  keys = await createTestKeys();
  runtime = await startRuntime(testConfig(keys, await testDataDir()), { logger: silentLogger });
  tcpUrl = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  await putPrincipal('meter', 'right');
  await putPrincipal('gauge', 'also-right');
});

afterAll(async () => {
  await runtime.close();
});

describe('password login throttling', () => {
  it('refuses every login from an address after too many failures, and never a token', async () => {
    for (let attempt = 0; attempt < DEFAULT_LOGIN_THROTTLE.maxFailures; attempt += 1) {
      expect(await refusalCode(tcpUrl, { username: 'meter', password: 'wrong' })).toBe(4);
    }
    // The right password no longer helps for a while: 5 (not authorized), refused before hashing.
    expect(await refusalCode(tcpUrl, { username: 'meter', password: 'right' })).toBe(5);
    // The address is blocked for other principals too.
    expect(await refusalCode(tcpUrl, { username: 'gauge', password: 'also-right' })).toBe(5);
    // Service tokens cannot be guessed and are not throttled.
    const client = await connectClient(tcpUrl, {
      username: 'token',
      password: await keys.serviceToken(),
    });
    await client.endAsync();
  });
});
