import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { fromPglite } from '../../../db/create-database';

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every live process started for this service (its environment names it). */
export function runtimePidsOf(serviceId: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      if (environ.split('\0').includes(`HERALD_SERVICE_ID=${serviceId}`)) pids.push(Number(entry));
    } catch {
      // gone or not ours
    }
  }
  return pids;
}

/**
 * Opens a fresh embedded database in `dataDir` from the run's migrated template (faster than migrating afresh),
 * for a test to write rows before a server process opens it (PGlite is one process's database).
 */
export async function seedDataDir(dataDir: string) {
  const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return fromPglite(await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: dump }));
}

/** Starts the real control plane (`node --import tsx apps/server/src/server.ts`) and waits for /v3/health. */
export async function startControlPlane(options: {
  port: number;
  dataDir: string;
  portBase: number;
  /** Default: warn (debug with CP_DEBUG set). */
  logLevel?: string;
  /** 'pipe' hands the server's stdout to the caller, who may never read it. */
  stdout?: 'pipe' | 'ignore';
  /** More environment for the server (e.g. METRICS_SCRAPE_SECONDS); wins over the defaults above. */
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: options.logLevel ?? (process.env.CP_DEBUG ? 'debug' : 'warn'),
      SERVICE_PORT_BASE: String(options.portBase),
      SERVICE_PORT_COUNT: '20',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? (process.env.CP_DEBUG ? 'inherit' : 'ignore'), 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/v3/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy: ${stderr}`);
    await sleep(100);
  }
}

/**
 * What a process test leaves behind: its MQTT clients, the control planes it started, the runtimes of its service
 * (detached: they outlive a killed control plane) and the data dir.
 */
export async function cleanUpProcessTest(options: {
  clients: readonly { end(force: boolean): unknown }[];
  servers: readonly ChildProcess[];
  serviceId: string | undefined;
  dataDir: string;
}): Promise<void> {
  for (const client of options.clients) client.end(true);
  for (const server of options.servers) if (server.exitCode === null) server.kill('SIGKILL');
  if (options.serviceId)
    for (const pid of runtimePidsOf(options.serviceId)) process.kill(pid, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(options.dataDir, { recursive: true, force: true });
}
