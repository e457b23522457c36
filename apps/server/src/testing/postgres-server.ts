import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
export const POSTGRES_INSTALL_COMMAND = 'apt-get update && apt-get install -y postgresql';

export interface PostgresServer {
  readonly host: string;
  readonly port: number;
  /** Connection URL of the server's `postgres` database as the superuser `postgres` (trust auth on loopback). */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/**
 * postgres refuses to run as root, so as root every server command runs as the `postgres` OS user;
 * as any other user it runs as that user.
 */
function asServerUser(command: string, args: string[]): [string, string[]] {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Starts a throwaway PostgreSQL 15 server on a free loopback port in a temporary directory: a real server, tuned
 * for tests (no fsync), for the server-postgres test leg and the e2e suite. `stop()` stops it and removes its files.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const pgCtl = path.join(POSTGRES_BIN_DIR, 'pg_ctl');
  const initdb = path.join(POSTGRES_BIN_DIR, 'initdb');
  if (!fs.existsSync(pgCtl) || !fs.existsSync(initdb)) {
    throw new Error(
      `PostgreSQL 15 server binaries were not found in ${POSTGRES_BIN_DIR}. Install them with: ${POSTGRES_INSTALL_COMMAND}`,
    );
  }
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-pg-'));
  const dataDir = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'postgres.log');
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', baseDir]);
  fs.chmodSync(baseDir, 0o700);

  const host = '127.0.0.1';
  const port = await freePort();
  try {
    await run(
      ...asServerUser(initdb, [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--no-sync',
        '--no-instructions',
      ]),
    );
    const serverOptions = [
      `-c listen_addresses=${host}`,
      `-p ${port}`,
      // The socket goes in our temp dir: the default /var/run/postgresql may not exist or be writable.
      `-k ${baseDir}`,
      // Durability is not what these tests measure; skipping fsync makes CREATE DATABASE and commits fast.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    await run(
      ...asServerUser(pgCtl, [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        serverOptions,
        '-w',
        '-t',
        '30',
        'start',
      ]),
    );
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    fs.rmSync(baseDir, { recursive: true, force: true });
    throw new Error(`Could not start PostgreSQL: ${(error as Error).message}\n${log}`);
  }

  let stopping: Promise<void> | undefined;
  return {
    host,
    port,
    urlFor: (database) => `postgres://postgres@${host}:${port}/${database}`,
    stop: () =>
      (stopping ??= (async () => {
        try {
          await run(...asServerUser(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']));
        } finally {
          fs.rmSync(baseDir, { recursive: true, force: true });
        }
      })()),
  };
}
