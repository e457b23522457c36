import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port';
import { prepareServerDataDir } from './testing/server-data-dir';
import type { TestDatabase } from './testing/test-database';

const serverDir = path.resolve(import.meta.dirname, '..');

/** Every entry under `root` (itself included) the group or others may use, as `path mode`; links are skipped. */
function sharedEntries(root: string): string[] {
  const shared: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const entry = stack.pop() as string;
    const stats = fs.lstatSync(entry);
    if (stats.isSymbolicLink()) continue;
    if ((stats.mode & 0o077) !== 0) shared.push(`${entry} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory())
      for (const name of fs.readdirSync(entry)) stack.push(path.join(entry, name));
  }
  return shared;
}

/** Gives everything under `root` the modes an earlier version left: 0666 files (PGlite's), 0755 directories. */
function loosen(root: string): void {
  const stack = [root];
  while (stack.length > 0) {
    const entry = stack.pop() as string;
    const stats = fs.lstatSync(entry);
    if (stats.isDirectory()) {
      fs.chmodSync(entry, 0o755);
      for (const name of fs.readdirSync(entry)) stack.push(path.join(entry, name));
    } else if (stats.isFile()) {
      fs.chmodSync(entry, 0o666);
    }
  }
}

/**
 * Issue 25: 968 of 1,240 files under DATA_DIR/db were 0666 (the WAL holds live session tokens) and each service's
 * state 0644 (password hashes). The real server, started with a umask that would share everything, keeps DATA_DIR
 * its user's only and fixes an installation an earlier version left open.
 */
describe('the data directory at rest', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    ({ dataDir, database } = await prepareServerDataDir('herald-at-rest-'));
    fs.mkdirSync(path.join(dataDir, 'services', 'svc-old'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'services', 'svc-old', 'state.json'), '{}');
    loosen(dataDir);
  });

  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'is readable by its user only, whatever the umask, files created later included',
    { timeout: 60_000 },
    async () => {
      expect(sharedEntries(dataDir).length).toBeGreaterThan(1);
      const port = await freePort();
      const { HERALD_TEST_DB: _, ...inherited } = process.env;
      // umask 000: what the process is given must not matter.
      const child = spawn(
        '/bin/sh',
        [
          '-c',
          'umask 000 && exec "$@"',
          'sh',
          process.execPath,
          '--import',
          'tsx',
          'src/server.ts',
        ],
        {
          cwd: serverDir,
          env: {
            ...inherited,
            LOG_LEVEL: 'info',
            PORT: String(port),
            DATA_DIR: dataDir,
            ...(database?.url && { DATABASE_URL: database.url }),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        await expect
          .poll(
            async () => {
              if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
              return fetch(`http://127.0.0.1:${port}/v3/health`).then(
                (response) => response.status,
                () => 0,
              );
            },
            { timeout: 45_000, interval: 100 },
          )
          .toBe(200);
        // Written at start: the secrets and, on the embedded database, its files (the WAL among them).
        for (const name of ['auth-secret', 'outbox-token', 'operator-token']) {
          expect(fs.existsSync(path.join(dataDir, name)), name).toBe(true);
        }
        expect(sharedEntries(dataDir)).toEqual([]);
        expect(output).toContain('Made the data directory private');
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
      // What the stop wrote too.
      expect(sharedEntries(dataDir)).toEqual([]);
    },
  );
});
