import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkloadNotes, WorkloadRef } from '../driver';

/** What a process writes to its info file once it is ready. */
export interface ReadyInfo {
  pid: number;
  mqttPort: number;
  httpPort: number;
  version: string;
  startedAt?: string;
}

/** The driver's notes file: the loop's notes and the pid last spawned (a crash mid-start finds and stops it). */
export interface NotesFile extends WorkloadNotes {
  pid?: number;
}

/** Earlier starts' output kept as `{output}.1` (newest) … : the log collector finishes each one (by inode). */
const OUTPUT_GENERATIONS = 3;
/** How much of the end of each file recentLogs reads. */
const LOG_TAIL_BYTES = 64 * 1024;

/** The files of the workloads of one data directory (`DATA_DIR/services`). */
export function createWorkloadFiles(servicesDir: string) {
  const dirOf = (group: string) => path.join(servicesDir, group);
  const fileOf = (ref: WorkloadRef, name: keyof WorkloadRef['files']) =>
    path.join(dirOf(ref.group), ref.files[name]);

  async function readNotes(ref: WorkloadRef): Promise<NotesFile> {
    try {
      return JSON.parse(await readFile(fileOf(ref, 'notes'), 'utf8')) as NotesFile;
    } catch {
      return {};
    }
  }

  return {
    servicesDir,
    dirOf,
    fileOf,
    readNotes,
    /** Atomic (write + rename): a crash leaves the old or the new file, never half of one. */
    async writeNotes(ref: WorkloadRef, patch: NotesFile): Promise<void> {
      await mkdir(dirOf(ref.group), { recursive: true });
      const next = { ...(await readNotes(ref)), ...patch };
      const file = fileOf(ref, 'notes');
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(next));
      await rename(temporary, file);
    },
    async readInfo(ref: WorkloadRef): Promise<ReadyInfo | null> {
      try {
        const info = JSON.parse(await readFile(fileOf(ref, 'info'), 'utf8')) as ReadyInfo;
        return typeof info.pid === 'number' && typeof info.httpPort === 'number' ? info : null;
      } catch {
        return null;
      }
    },
    /**
     * Each start writes a new output file: the previous one is renamed (not truncated), so the log collector can
     * finish reading it — the last words of a crashed process are in it — and the oldest generation goes.
     */
    async moveOutputAside(ref: WorkloadRef): Promise<void> {
      const file = fileOf(ref, 'output');
      for (let generation = OUTPUT_GENERATIONS - 1; generation >= 1; generation -= 1) {
        await rename(`${file}.${generation}`, `${file}.${generation + 1}`).catch(() => undefined);
      }
      await rename(file, `${file}.1`).catch(() => undefined);
    },
    /** Its log file followed by its raw output (what Node prints on a crash or before the log opens). */
    logsLocation(ref: WorkloadRef): string[] {
      return [fileOf(ref, 'log'), fileOf(ref, 'output')];
    },
    async recentLogs(ref: WorkloadRef, count: number): Promise<string[]> {
      const logged = await tailLines(fileOf(ref, 'log'), count);
      const output = await tailLines(fileOf(ref, 'output'), count);
      return [...logged, ...output].slice(-count);
    },
  };
}

export type WorkloadFileStore = ReturnType<typeof createWorkloadFiles>;

/** The last `count` lines of a file's last LOG_TAIL_BYTES ([] when it does not exist). */
async function tailLines(file: string, count: number): Promise<string[]> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return [];
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, LOG_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    // A cut first line is a fragment, not a line.
    if (size > length) lines.shift();
    return lines.filter((line) => line.trim() !== '').slice(-count);
  } finally {
    await handle.close();
  }
}
