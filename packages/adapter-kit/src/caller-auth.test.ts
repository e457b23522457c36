import type { IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestSigner as createSigner, type TestSigner } from './testing/test-runtime';
import { createCallerAuth, type CallerAuth } from './caller-auth';

const request = (bearer: string | null) =>
  ({ headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` } }) as IncomingMessage;

const TEST_SERVICE_ID = 'svc-kit-test';
const createTestSigner = () => createSigner({ serviceId: TEST_SERVICE_ID, name: 'kit-test' });
const SUBJECT = 'kafka-adapter:adapter-1';
const METRICS_TOKEN = 'metrics-only-secret-0123456789';

describe('createCallerAuth', () => {
  let signer: TestSigner;
  let other: TestSigner;
  let withKeys: CallerAuth;
  let ownToken: string;
  beforeAll(async () => {
    [signer, other] = await Promise.all([createTestSigner(), createTestSigner()]);
    ownToken = await signer.token(SUBJECT);
    withKeys = createCallerAuth({
      serviceId: TEST_SERVICE_ID,
      subject: SUBJECT,
      ownToken,
      jwks: signer.jwks,
      metricsToken: METRICS_TOKEN,
    });
  });

  it('takes a fresh token of its own subject, signed by the control plane (the re-attach proof)', async () => {
    const fresh = await signer.token(SUBJECT);
    expect(await withKeys.isAdapter(request(fresh))).toBe(true);
    expect(await withKeys.mayReadMetrics(request(fresh))).toBe(true);
  });

  it.each<[string, () => Promise<string | null>]>([
    ['no token', async () => null],
    ['not a JWT', async () => 'not-a-token'],
    ['another subject of the service', () => signer.token('test-reader')],
    ['its subject for another service', () => signer.token(SUBJECT, { serviceId: 'svc-other' })],
    ['its subject signed by another key', () => other.token(SUBJECT)],
    ['the metrics-only secret', async () => METRICS_TOKEN],
  ])('refuses %s for /identity and /state', async (_case, token) => {
    expect(await withKeys.isAdapter(request(await token()))).toBe(false);
  });

  it('lets the metrics-only secret read /metrics, and nothing else in', async () => {
    expect(await withKeys.mayReadMetrics(request(METRICS_TOKEN))).toBe(true);
    expect(await withKeys.mayReadMetrics(request('metrics-only-secret-0123456788'))).toBe(false);
    expect(await withKeys.mayReadMetrics(request(null))).toBe(false);
  });

  it('without the key set, takes only the exact token it was started with', async () => {
    const withoutKeys = createCallerAuth({
      serviceId: TEST_SERVICE_ID,
      subject: SUBJECT,
      ownToken,
      jwks: null,
      metricsToken: null,
    });
    expect(await withoutKeys.isAdapter(request(ownToken))).toBe(true);
    expect(await withoutKeys.isAdapter(request(await signer.token(SUBJECT)))).toBe(false);
    expect(await withoutKeys.mayReadMetrics(request(METRICS_TOKEN))).toBe(false);
  });
});
