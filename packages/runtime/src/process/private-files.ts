import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Data at rest is its user's only (issue 25): the database (its write-ahead log holds live session tokens), each
 * service's state and log (principal password hashes), secrets and logs. Directories 0700, files 0600.
 *
 * Two halves: the process umask, so that everything created from now on is private whatever mode a library asks
 * for (PGlite's Node FS creates its files 0666), and a one-time tightening at start, so that an installation made by
 * an earlier version is fixed. The control plane and every runtime do both; a runtime inherits the control plane's
 * umask but sets its own, in case it is started some other way.
 */
export const PRIVATE_UMASK = 0o077;

/** The mode a file or directory should have: the same, without any permission for the group or others. */
export function privateMode(mode: number): number {
  return mode & ~PRIVATE_UMASK & 0o7777;
}

/** Whether a mode gives the group or others any permission. */
export function isShared(mode: number): boolean {
  return (mode & PRIVATE_UMASK) !== 0;
}

/** Sets the process umask so that nothing it creates is readable by another user. Not in a worker thread. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes the group's and others' permissions away from `root` and everything under it (walked with its own stack);
 * symbolic links are neither followed nor changed. Answers how many entries it changed; a missing root is nothing
 * to do. Synchronous: it runs once at start, before anything is served, and a thousand files cost milliseconds this
 * way where a round trip to the thread pool each would cost seconds on a busy machine.
 */
export function makeTreePrivate(root: string): number {
  let changed = 0;
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    // Gone since its directory was read (a log rotated, a temporary file renamed): nothing to tighten.
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats === undefined || stats.isSymbolicLink()) continue;
    if (isShared(stats.mode)) {
      chmodSync(path, privateMode(stats.mode));
      changed += 1;
    }
    if (stats.isDirectory()) {
      for (const name of readdirIfPresent(path)) stack.push(join(path, name));
    }
  }
  return changed;
}

function readdirIfPresent(path: string): string[] {
  try {
    return readdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
