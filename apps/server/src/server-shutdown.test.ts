import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  seedDataDir,
  startControlPlane,
} from './adapters/provisioner/testing/control-plane-process';
import { freePort } from './testing/free-port';
import { testDatabaseKind } from './testing/test-database-kind';

/**
 * Issue 9: a server whose log reader stalled or died did not stop on SIGTERM and needed kill -9. The server gives
 * in-flight work 10 s (server.ts); these waits are bounds with room for a loaded machine, not speed assertions.
 */
const STOP_BOUND_MS = 15_000;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDirs: string[] = [];

/** A live process that is not a zombie (a dead child of a reaper that has not reaped it yet). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitUntilStopped(pid: number): Promise<boolean> {
  const deadline = Date.now() + STOP_BOUND_MS;
  while (isRunning(pid) && Date.now() < deadline) await sleep(50);
  return !isRunning(pid);
}

/** Requests that each write log lines (debug logs every request). */
async function makeLogLines(port: number, requests: number): Promise<void> {
  for (let sent = 0; sent < requests; sent += 50) {
    await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`http://127.0.0.1:${port}/v3/health`).then(
          (response) => response.body?.cancel(),
          () => undefined,
        ),
      ),
    );
  }
}

async function freshDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-shutdown-'));
  dataDirs.push(dataDir);
  await (await seedDataDir(dataDir)).close();
  return dataDir;
}

// One server process per case on the embedded database (the shutdown path is the same on PostgreSQL).
describe.skipIf(testDatabaseKind() !== 'pglite')('SIGTERM with a broken log output', () => {
  const pids: number[] = [];
  afterAll(() => {
    for (const pid of pids) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops when nobody reads its stdout any more (a full pipe)', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const server = await startControlPlane({
      port,
      dataDir: await freshDataDir(),
      portBase: 45_000 + Math.floor(Math.random() * 200) * 20,
      logLevel: 'debug',
      stdout: 'pipe',
    });
    pids.push(server.pid!);
    // The pipe is never read: hundreds of kilobytes of log lines fill it many times over.
    await makeLogLines(port, 600);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await waitUntilStopped(server.pid!)).toBe(true);
    expect(await exited).toBe(0);
  });

  it(
    'stops when its parent and the reading side of its stdout are gone',
    { timeout: 90_000 },
    async () => {
      const port = await freePort();
      const dataDir = await freshDataDir();
      // A parent that starts the server with stdout piped to itself, says the pid, and is then killed.
      const parent = spawn(
        process.execPath,
        [
          '-e',
          `const { spawn } = require('node:child_process');
         const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
           stdio: ['ignore', 'pipe', 'ignore'],
         });
         console.log(server.pid);
         setInterval(() => {}, 1000);`,
        ],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            LOG_LEVEL: 'debug',
            SERVICE_PORT_BASE: String(46_000 + Math.floor(Math.random() * 200) * 20),
            SERVICE_PORT_COUNT: '20',
          },
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      const serverPid = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      pids.push(serverPid, parent.pid!);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const isUp = await fetch(`http://127.0.0.1:${port}/v3/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (isUp) break;
        if (Date.now() > deadline) throw new Error('the server did not start');
        await sleep(100);
      }
      parent.kill('SIGKILL');
      await new Promise((resolve) => parent.once('exit', resolve));
      // Log lines now meet a pipe without a reader.
      await makeLogLines(port, 200);
      process.kill(serverPid, 'SIGTERM');
      expect(await waitUntilStopped(serverPid)).toBe(true);
    },
  );
});
