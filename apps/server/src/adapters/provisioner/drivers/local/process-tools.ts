import { readFile } from 'node:fs/promises';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a live pid is a process started for this workload (its environment holds the marker): pids are reused,
 * so a pid from a file is never signalled on its word alone. 'unknown' where /proc cannot tell (macOS, another
 * user).
 */
export async function ownerOf(
  pid: number,
  marker: string,
): Promise<'ours' | 'not-ours' | 'unknown'> {
  if (!isAlive(pid)) return 'not-ours';
  try {
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8');
    return environ.split('\0').includes(marker) ? 'ours' : 'not-ours';
  } catch {
    return 'unknown';
  }
}

/** The parent pid from /proc (null where there is no /proc). */
export async function parentPid(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid ...`; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function killPid(pid: number, graceMs: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return;
    }
    const killDeadline = Date.now() + 2_000;
    while (isAlive(pid) && Date.now() < killDeadline) await sleep(25);
  }
}
