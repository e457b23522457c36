import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import {
  SERVICE_TOKEN_ISSUER,
  serviceTokenAudience,
} from '@herald/contract/services/service-token';
import { spawnRuntime, type SpawnedRuntime } from '@herald/runtime/testing/spawn-runtime';

/**
 * A real service runtime for an adapter's process tests (the built bundle, as the control plane starts it), on a
 * fixed MQTT port so the adapter's HERALD_MQTT_URL stays right across a restart, and an HTTP port chosen anew at
 * each start (the adapter must read it from runtime.json each time). Tokens are signed as the control plane does.
 */
export interface TestServiceNames {
  /** The service's id: the audience of the tokens the signer makes. */
  serviceId: string;
  /** Its name, and the stem of its temporary folders. */
  name: string;
}

export interface TestSigner {
  jwks: { keys: Record<string, unknown>[] };
  token(subject: string, options?: { serviceId?: string; scope?: string }): Promise<string>;
}

export async function createTestSigner(service: TestServiceNames): Promise<TestSigner> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `${service.name}-key`;
  const jwk = await exportJWK(publicKey);
  return {
    jwks: { keys: [{ ...jwk, kid, alg: 'ES256', use: 'sig' }] },
    token: (subject, { serviceId = service.serviceId, scope = 'read write' } = {}) =>
      new SignJWT({ scope, cv: 1 })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuer(SERVICE_TOKEN_ISSUER)
        .setSubject(subject)
        .setAudience(serviceTokenAudience(serviceId))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestRuntime {
  mqttPort: number;
  readonly httpPort: number;
  dataDir: string;
  /** runtime.json, the adapter's HERALD_RUNTIME_INFO_FILE. */
  infoFile: string;
  /** SIGTERM (or SIGKILL), then a new process on the same data and MQTT port. */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Only the first half of a restart: the runtime is away until `start`. */
  kill(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The admin API with a token of the service. */
  admin(path: string, token: string, init?: RequestInit): Promise<Response>;
}

export async function startTestRuntime(
  signer: TestSigner,
  service: TestServiceNames,
): Promise<TestRuntime> {
  const dataDir = await mkdtemp(join(tmpdir(), `herald-${service.name}-runtime-`));
  const mqttPort = await freePort();
  const env = {
    HERALD_SERVICE_ID: service.serviceId,
    HERALD_SERVICE_NAME: service.name,
    HERALD_WORKSPACE_ID: `ws-${service.name}`,
    HERALD_VERSION: '6.11.0',
    HERALD_DATA_DIR: dataDir,
    HERALD_HOST: '127.0.0.1',
    HERALD_MQTT_PORT: String(mqttPort),
    HERALD_HTTP_PORT: '0',
    HERALD_JWKS: JSON.stringify(signer.jwks),
    HERALD_TOPICS_CAPACITY: '10000',
  };
  let current: SpawnedRuntime = await spawnRuntime(env);
  const kill = async (signal: 'SIGTERM' | 'SIGKILL') => {
    current.child.kill(signal);
    await current.exited;
  };
  const start = async () => {
    current = await spawnRuntime(env);
  };
  return {
    mqttPort,
    get httpPort() {
      return current.httpPort;
    },
    dataDir,
    infoFile: join(dataDir, 'runtime.json'),
    async restart(signal = 'SIGTERM') {
      await kill(signal);
      await start();
    },
    kill,
    start,
    async stop() {
      current.child.kill('SIGTERM');
      await current.exited;
    },
    admin: (path, token, init = {}) =>
      fetch(`http://127.0.0.1:${current.httpPort}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      }),
  };
}

/** Every event of a time series, paged through the admin API. */
export async function timeSeriesValues(
  runtime: TestRuntime,
  token: string,
  path: string,
): Promise<unknown[]> {
  const values: unknown[] = [];
  let after: number | undefined;
  for (;;) {
    const query = new URLSearchParams({
      path,
      limit: '1000',
      ...(after === undefined ? {} : { after: String(after) }),
    });
    const response = await runtime.admin(`/admin/time-series?${query}`, token);
    if (response.status === 404) return values;
    const body = (await response.json()) as {
      events: { sequence: number; value: unknown }[];
      hasMore: boolean;
    };
    for (const event of body.events) values.push(event.value);
    if (!body.hasMore || body.events.length === 0) return values;
    after = body.events.at(-1)?.sequence;
  }
}
