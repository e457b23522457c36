import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serviceHostname } from '@herald/contract/services/service-display';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/create-database';
import { freePort } from '../../testing/free-port';
import { testDatabaseKind } from '../../testing/test-database-kind';
import { insertTestService, readService } from './testing/test-services';
import type { ServiceRow } from './testing/test-services';
import { hostRequest } from './testing/host-request';
import {
  isAlive,
  runtimePidsOf,
  seedDataDir,
  startControlPlane,
} from './testing/control-plane-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-cp-crash-'));
const portBase = 40_000 + Math.floor(Math.random() * 400) * 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const startServer = (port: number) => startControlPlane({ port, dataDir, portBase });

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
        const seed = await seedDataDir(dataDir);
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
