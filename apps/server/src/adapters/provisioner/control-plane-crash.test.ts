import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceHostname } from '@herald/contract/services/service-display';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, fromPglite } from '../../db/create-database';
import { freePort } from '../../testing/free-port';
import { testDatabaseKind } from '../../testing/test-database-kind';
import { insertTestService, readService } from './testing/test-services';
import type { ServiceRow } from './testing/test-services';
import { hostRequest } from './testing/host-request';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-cp-crash-'));
const portBase = 40_000 + Math.floor(Math.random() * 400) * 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every live process started for this service (its environment names it). */
function runtimePidsOf(serviceId: string): number[] {
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

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: process.env.CP_DEBUG ? 'debug' : 'warn',
      SERVICE_PORT_BASE: String(portBase),
      SERVICE_PORT_COUNT: '20',
    },
    stdio: ['ignore', process.env.CP_DEBUG ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v3/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy: ${stderr}`);
    await sleep(100);
  }
}

// PGlite is one process's database: the test writes the row before the server opens it. (The postgres leg runs
// the same provisioner code; this journey is about the embedded installation.)
describe.skipIf(testDatabaseKind() !== 'pglite')(
  'a control plane that crashes mid-provisioning',
  () => {
    const servers: ChildProcess[] = [];
    let row: ServiceRow;

    afterAll(async () => {
      for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
      if (row) for (const pid of runtimePidsOf(row.id)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      'finishes the provisioning after a restart, with one runtime on the port',
      { timeout: 90_000 },
      async () => {
        // The run's migrated template, loaded into the server's data dir (faster than migrating afresh).
        const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
        const seed = await fromPglite(
          await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: dump }),
        );
        row = await insertTestService(seed.db);
        await seed.close();

        const firstPort = await freePort();
        const first = await startServer(firstPort);
        servers.push(first);
        // The provisioner has spawned the runtime (POD_INITIALIZING) once it notes the pid: kill the server then.
        const control = path.join(dataDir, 'services', row.id, 'control-plane.json');
        const deadline = Date.now() + 20_000;
        while (!existsSync(control) && Date.now() < deadline) await sleep(5);
        expect(existsSync(control)).toBe(true);
        first.kill('SIGKILL');
        await new Promise((resolve) => first.once('exit', resolve));

        const secondPort = await freePort();
        const second = await startServer(secondPort);
        servers.push(second);
        const host = `${serviceHostname(row)}.localhost`;
        const until = Date.now() + 20_000;
        let status = 0;
        while (Date.now() < until) {
          status = (await hostRequest(secondPort, { host, path: '/mqtt', upgrade: true })).status;
          if (status === 101) break;
          await sleep(100);
        }
        expect(status).toBe(101);
        expect(runtimePidsOf(row.id)).toHaveLength(1);
        const [pid] = runtimePidsOf(row.id);

        // A graceful stop stops the runtime and keeps the row as RUNNING with its port.
        second.kill('SIGTERM');
        await new Promise((resolve) => second.once('exit', resolve));
        expect(isAlive(pid!)).toBe(false);
        const db = await createDatabase({ dataDir, databaseUrl: undefined });
        try {
          const stored = await readService(db.db, row.id);
          expect(stored?.status).toBe('RUNNING');
          expect(stored?.mqttPort).toBeGreaterThanOrEqual(portBase);
          expect(stored?.desiredState).toBe('running');
        } finally {
          await db.close();
        }
      },
    );
  },
);
