import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseLockError, lockDataDir } from './pglite-lock';

describe('PGlite data directory lock', () => {
  let dataDir: string;
  let lockPath: string;

  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-lock-')), 'db');
    lockPath = `${dataDir}.lock`;
  });

  afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('writes our pid to the lock file and removes it on release', () => {
    const lock = lockDataDir(dataDir);
    expect(lock.lockPath).toBe(lockPath);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);

    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses a second opener in the same process until the first releases', () => {
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DatabaseLockError);
    expect(() => lockDataDir(dataDir)).toThrow(
      `The embedded database at ${dataDir} is already open in this process`,
    );

    lock.release();
    lockDataDir(dataDir).release();
  });

  it('refuses while another live process holds the lock, naming it', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
      stdio: 'ignore',
    });
    try {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      fs.writeFileSync(lockPath, `${holder.pid}\n`);

      expect(() => lockDataDir(dataDir)).toThrow(
        `The embedded database at ${dataDir} is in use by another process (pid ${holder.pid}). ` +
          `Stop that process or set DATA_DIR to another directory. If no Herald server is running, delete ${lockPath}.`,
      );
      expect(fs.readFileSync(lockPath, 'utf8')).toBe(`${holder.pid}\n`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that has died', async () => {
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(dead, 'exit');
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    fs.writeFileSync(lockPath, `${dead.pid}\n`);

    const lock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });

  it.each([
    ['our own pid from a previous run (pid 1 in a container)', () => `${process.pid}\n`],
    ['garbage', () => 'not a pid'],
  ])('takes over a lock holding %s', (_, content) => {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    fs.writeFileSync(lockPath, content());

    const lock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });
});
