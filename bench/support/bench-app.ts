import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

export interface BenchApp {
  app: FastifyInstance;
  dataDir: string;
  /** Closes the app and removes its DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The in-process app (embedded PGlite, silent logs) on a fresh temporary DATA_DIR named `herald-bench-<name>-`,
 * for benches that call routes with inject() (no network in the figures).
 */
export async function openBenchApp(name: string): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `herald-bench-${name}-`));
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }),
  });
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
