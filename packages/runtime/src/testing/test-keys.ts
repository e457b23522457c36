import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import {
  DASHBOARD_TOKEN_AUDIENCE,
  SERVICE_TOKEN_ISSUER,
  serviceTokenAudience,
} from '@herald/contract/services/service-token';
import type { Role } from '@herald/contract/members/permissions';
import type { RuntimeConfig } from '../process/config';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../policy/packet-size-guard';

/** A control-plane signing key for tests: the runtime gets the public JWK Set, tests sign tokens. */
export interface TestKeys {
  jwks: { keys: Record<string, unknown>[] };
  serviceToken(claims?: {
    scope?: string;
    cv?: number;
    serviceId?: string;
    exp?: number;
  }): Promise<string>;
  /** A member's dashboard token: their role in each workspace; `iat` is now unless given (epoch ms). */
  dashboardToken(
    workspaces: Record<string, Role>,
    options?: { customerId?: string; issuedAtMs?: number },
  ): Promise<string>;
}

export const TEST_SERVICE_ID = 'svc-test';
export const TEST_WORKSPACE_ID = 'ws-test';

export async function createTestKeys(): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = 'test-key';
  const sign = (
    claims: Record<string, unknown>,
    audience: string,
    { subject = 'test-subject', issuedAtMs = Date.now() } = {},
    key: CryptoKey = privateKey,
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(SERVICE_TOKEN_ISSUER)
      .setSubject(subject)
      .setAudience(audience)
      .setIssuedAt(issuedAtMs / 1000)
      .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : '1h')
      .sign(key);
  return {
    jwks: { keys: [{ ...jwk, kid, alg: 'ES256', use: 'sig' }] },
    serviceToken: ({ scope = 'read write', cv = 1, serviceId = TEST_SERVICE_ID, exp } = {}) =>
      sign({ scope, cv, ...(exp === undefined ? {} : { exp }) }, serviceTokenAudience(serviceId)),
    dashboardToken: (workspaces, { customerId = 'test-member', issuedAtMs } = {}) =>
      sign({ ws: workspaces }, DASHBOARD_TOKEN_AUDIENCE, {
        subject: customerId,
        ...(issuedAtMs === undefined ? {} : { issuedAtMs }),
      }),
  };
}

export async function testDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'herald-runtime-'));
}

export function testConfig(
  keys: TestKeys,
  dataDir: string,
  overrides: Partial<RuntimeConfig> = {},
): RuntimeConfig {
  return {
    serviceId: TEST_SERVICE_ID,
    serviceName: 'test-service',
    workspaceId: TEST_WORKSPACE_ID,
    version: '6.11.0',
    dataDir,
    host: '127.0.0.1',
    mqttPort: 0,
    httpPort: 0,
    jwks: keys.jwks,
    credentialVersion: 1,
    topicsCapacity: 1000,
    maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
    ...overrides,
  };
}

/** The HERALD_* environment of the same configuration, for spawning `src/main.ts`. */
export function testEnv(config: RuntimeConfig): Record<string, string> {
  return {
    HERALD_SERVICE_ID: config.serviceId,
    HERALD_SERVICE_NAME: config.serviceName,
    HERALD_WORKSPACE_ID: config.workspaceId,
    HERALD_VERSION: config.version,
    HERALD_DATA_DIR: config.dataDir,
    HERALD_HOST: config.host,
    HERALD_MQTT_PORT: String(config.mqttPort),
    HERALD_HTTP_PORT: String(config.httpPort),
    HERALD_JWKS: JSON.stringify(config.jwks),
    HERALD_CREDENTIAL_VERSION: String(config.credentialVersion),
    HERALD_TOPICS_CAPACITY: String(config.topicsCapacity),
    HERALD_MAX_MESSAGE_BYTES: String(config.maxMessageBytes),
    ...(config.metricsToken === undefined ? {} : { HERALD_METRICS_TOKEN: config.metricsToken }),
  };
}
