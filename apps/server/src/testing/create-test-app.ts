import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pino from 'pino';
import type { Logger } from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';

/** A tiny built SPA (index.html + one hashed asset) so SPA serving is tested without building apps/web. */
export const WEB_DIST_FIXTURE = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

/**
 * Test configuration: silent logs, the fixture SPA; `env` overrides any variable. DATA_DIR points nowhere useful
 * on purpose: test apps get their database passed in, so nothing may write there.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'herald-test-data-unused'),
    WEB_DIST_DIR: WEB_DIST_FIXTURE,
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestAppOptions {
  /** The test file's database (createTestDatabase); the app never closes it. */
  db: DatabaseHandle;
  env?: Record<string, string>;
  logger?: Logger;
  plugins?: FastifyPluginAsync[];
}

/** The real app on the test leg's database, for `app.inject` (no port, hermetic). Close it in afterAll. */
export function createTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  return buildApp({
    config: testConfig(options.env),
    db: options.db,
    ...(options.logger && { logger: options.logger }),
    ...(options.plugins && { plugins: options.plugins }),
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
