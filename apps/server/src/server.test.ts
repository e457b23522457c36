import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port';
import { prepareServerDataDir } from './testing/server-data-dir';
import type { TestDatabase } from './testing/test-database';
import { testDatabaseKind } from './testing/test-database-kind';

const serverDir = path.resolve(import.meta.dirname, '..');

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exit: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts the real entry point the way `npm start` does: node --import tsx, so the pid is the server's. */
function startServer(env: Record<string, string>): RunningServer {
  const { HERALD_TEST_DB: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exit: once(child, 'exit') as RunningServer['exit'] };
}

async function waitForHealth(
  url: string,
  server: RunningServer,
  timeoutMs = 30_000,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`The server exited early:\n${server.output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy in ${timeoutMs} ms:\n${server.output()}`);
}

describe('the server process', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    ({ dataDir, database } = await prepareServerDataDir('herald-server-'));
  });

  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, answers health, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(database?.url && { DATABASE_URL: database.url }),
    });
    try {
      const response = await waitForHealth(`http://127.0.0.1:${port}/v3/health`, server);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
      // The banner is printed once listen() returns, which can be just after health first answers.
      await expect
        .poll(() => server.output())
        .toContain(`Herald Cloud is listening on http://127.0.0.1:${port}`);
      // Output that is not a terminal names the outbox token's file, never the token (docs/decisions/011).
      await expect.poll(() => server.output()).toContain('Mail outbox (no SMTP_URL)');
      const outboxToken = fs.readFileSync(path.join(dataDir, 'outbox-token'), 'utf8').trim();
      expect(server.output()).not.toContain(outboxToken);

      server.child.kill('SIGTERM');
      const [code, signal] = await server.exit;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('"msg":"Stopped"');
      if (!database) expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  // Startup errors happen before any database is opened: one leg is enough.
  it.runIf(testDatabaseKind() === 'pglite')(
    'prints a configuration error without a stack trace and exits 1',
    async () => {
      const server = startServer({ PORT: 'abc', DATA_DIR: dataDir });
      const [code] = await server.exit;
      expect(code).toBe(1);
      expect(server.output()).toBe(
        'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")\n',
      );
    },
  );

  it.runIf(testDatabaseKind() === 'pglite')(
    'prints a flags file error naming the file and exits 1',
    async () => {
      const flagsFile = path.join(dataDir, 'flags.json');
      fs.writeFileSync(flagsFile, JSON.stringify({ flags: {} }));
      const server = startServer({ FLAGS_FILE: flagsFile, DATA_DIR: dataDir });
      const [code] = await server.exit;
      expect(code).toBe(1);
      expect(server.output()).toMatch(
        new RegExp(`^Invalid flags file ${flagsFile}: flags\\["billing\\.graphs"\\]: is missing`),
      );
      expect(server.output()).not.toContain('    at ');
    },
  );
});
