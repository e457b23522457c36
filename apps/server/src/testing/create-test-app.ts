import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pino from 'pino';
import type { Logger } from 'pino';
import type { ScryptCost } from '../adapters/identity/password-hash';
import type { AdapterKindRegistration } from '../adapters/provisioner/workloads/kinds';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';

/** A tiny built SPA (index.html + one hashed asset) so SPA serving is tested without building apps/web. */
export const WEB_DIST_FIXTURE = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

/**
 * Test configuration: silent logs, the fixture SPA; `env` overrides any variable. Each test app gets its own
 * DATA_DIR (service runtimes keep their state there; the database is passed in) and its own slice of MQTT ports,
 * so parallel test files never share a runtime's directory or port.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const portSlice = 30_000 + 50 * Math.floor(Math.random() * 600);
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'herald-test-data-')),
    SERVICE_PORT_BASE: String(portSlice),
    SERVICE_PORT_COUNT: '50',
    WEB_DIST_DIR: WEB_DIST_FIXTURE,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...env,
  });
}

/** A fixed secret (tests never write DATA_DIR/auth-secret). */
export const TEST_AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789abcdef';

/**
 * The password-hash cost of test apps: production strength (N=2^17, ~128 MiB, hundreds of ms) in every sign-up
 * would make the suite slow; one test checks the production parameters (password-hash.test.ts).
 */
export const TEST_PASSWORD_HASH_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export interface TestAppOptions {
  /** The test file's database (createTestDatabase); the app never closes it. */
  db: DatabaseHandle;
  env?: Record<string, string>;
  logger?: Logger;
  plugins?: FastifyPluginAsync[];
  clock?: () => Date;
  passwordHashCost?: ScryptCost;
  /** The adapter kinds the provisioner runs (default: the registry's). */
  adapterKinds?: readonly AdapterKindRegistration[];
}

/** The real app on the test leg's database, for `app.inject` (no port, hermetic). Close it in afterAll. */
export function createTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  const config = testConfig(options.env);
  const removeDataDir: FastifyPluginAsync = async (app) => {
    // Registered after the app: runs after the provisioner stopped the runtimes (onClose hooks run in order).
    app.addHook('onClose', async () => {
      if (!options.env?.DATA_DIR) rmSync(config.dataDir, { recursive: true, force: true });
    });
  };
  return buildApp({
    config,
    db: options.db,
    ...(options.logger && { logger: options.logger }),
    plugins: [...(options.plugins ?? []), removeDataDir],
    ...(options.clock && { clock: options.clock }),
    passwordHashCost: options.passwordHashCost ?? TEST_PASSWORD_HASH_COST,
    ...(options.adapterKinds && { adapterKinds: options.adapterKinds }),
  });
}

/** A pino logger whose records a test can read. */
export function captureLogs(): { logger: Logger; records: Array<Record<string, unknown>> } {
  const records: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void records.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, records };
}
