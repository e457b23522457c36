import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../lib/startup-error';

export class DatabaseLockError extends StartupError {
  override name = 'DatabaseLockError';
}

/** Lock files this process holds, so that a lock naming our own pid can be told apart from a previous run's. */
const heldLocks = new Set<string>();

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  readonly lockPath: string;
  release(): void;
}

/**
 * PGlite is a single-process database: two processes writing the same data directory corrupt it
 * (docs/decisions/001). The lock is a file holding the owner's pid, created with O_EXCL. A lock whose pid is dead
 * (or is our own pid from a previous run, as happens for pid 1 in a container) is stale and taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockPath = `${dataDir}.lock`;
  if (heldLocks.has(lockPath)) {
    throw new DatabaseLockError(
      `The embedded database at ${dataDir} is already open in this process (pid ${process.pid}).`,
    );
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      heldLocks.add(lockPath);
      return {
        lockPath,
        release() {
          if (!heldLocks.delete(lockPath)) return;
          // Only remove the file if it is still ours.
          if (readLockPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerPid = readLockPid(lockPath);
    if (ownerPid !== undefined && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
      throw new DatabaseLockError(
        `The embedded database at ${dataDir} is in use by another process (pid ${ownerPid}). ` +
          `Stop that process or set DATA_DIR to another directory. If no Herald server is running, delete ${lockPath}.`,
      );
    }
    // Stale: its owner is gone. Remove it and try to create ours again (O_EXCL decides between racers).
    fs.rmSync(lockPath, { force: true });
  }
  throw new DatabaseLockError(
    `Could not lock the embedded database at ${dataDir}: ${lockPath} keeps reappearing.`,
  );
}
