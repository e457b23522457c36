import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRuntimeEnv } from '../process/config';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from '../testing/test-keys';

const METRICS_TOKEN = 'metrics-only-secret-0123456789abcdef0123456789';

let keys: TestKeys;
let withSecret: RunningRuntime;
let withoutSecret: RunningRuntime;

async function get(runtime: RunningRuntime, path: string, token: string | null) {
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}${path}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  keys = await createTestKeys();
  withSecret = await startRuntime(
    testConfig(keys, await testDataDir(), { metricsToken: METRICS_TOKEN }),
    { logger: silentLogger },
  );
  withoutSecret = await startRuntime(testConfig(keys, await testDataDir()), {
    logger: silentLogger,
  });
});

afterAll(async () => {
  await Promise.all([withSecret.close(), withoutSecret.close()]);
});

describe('the metrics-only secret (a Prometheus server scraping /metrics)', () => {
  it('reads GET /metrics', async () => {
    const metrics = await get(withSecret, '/metrics', METRICS_TOKEN);
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/herald_sessions\{service="test-service"\} \d+/);
  });

  it('is refused everywhere else, and a near miss is refused on /metrics', async () => {
    for (const path of ['/admin/server', '/admin/sessions', '/admin/topics']) {
      expect((await get(withSecret, path, METRICS_TOKEN)).status).toBe(401);
    }
    expect((await get(withSecret, '/metrics', `${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await get(withSecret, '/metrics', METRICS_TOKEN.slice(1))).status).toBe(401);
    expect((await get(withSecret, '/metrics', null)).status).toBe(401);
  });

  it('leaves service tokens working beside it', async () => {
    const token = await keys.serviceToken();
    expect((await get(withSecret, '/metrics', token)).status).toBe(200);
    expect((await get(withSecret, '/admin/server', token)).status).toBe(200);
  });

  it('without the variable, only service tokens read /metrics', async () => {
    expect((await get(withoutSecret, '/metrics', METRICS_TOKEN)).status).toBe(401);
    expect((await get(withoutSecret, '/metrics', await keys.serviceToken())).status).toBe(200);
  });

  it('HERALD_METRICS_TOKEN must be long enough to be a secret, and is never echoed', () => {
    const base = {
      HERALD_SERVICE_ID: 'svc',
      HERALD_SERVICE_NAME: 'name',
      HERALD_WORKSPACE_ID: 'ws',
      HERALD_VERSION: '6.9.2',
      HERALD_DATA_DIR: '/tmp/x',
      HERALD_JWKS: '{"keys":[{"kty":"EC"}]}',
    };
    const short = parseRuntimeEnv({ ...base, HERALD_METRICS_TOKEN: 'short-guessable' });
    expect(short.ok ? '' : short.message).toContain('HERALD_METRICS_TOKEN');
    expect(short.ok ? '' : short.message).not.toContain('short-guessable');
    const parsed = parseRuntimeEnv({ ...base, HERALD_METRICS_TOKEN: METRICS_TOKEN });
    expect(parsed.ok && parsed.config.metricsToken).toBe(METRICS_TOKEN);
    const unset = parseRuntimeEnv(base);
    expect(unset.ok && unset.config.metricsToken).toBeUndefined();
  });
});
