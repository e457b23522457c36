import { open, readdir, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { LogLevel } from '@herald/contract/logs/logs.schema';
import type { LogStream } from '../log-store/log-store';

/** The files of a service's data dir the log collector reads (log-collector.ts), and how it opens them. */

export interface LogSource {
  stream: LogStream;
  /** The level of a line that is not a JSON object. */
  plainLevel: LogLevel;
}

/** `kafka-adapter-{id}.log`, and `kafka-adapter-{id}.member-2.log` of a high-availability pair's second member. */
const KAFKA_ADAPTER_LOG = /^kafka-adapter-([A-Za-z0-9][A-Za-z0-9_-]{0,63})(?:\.member-2)?\.log$/;

/** Which stream a file of a service's data dir feeds; null for files that are not collected. */
export function logSourceOf(fileName: string): LogSource | null {
  if (fileName === 'runtime.log') return { stream: { kind: 'service' }, plainLevel: 'info' };
  // Node's own crash output (an uncaught exception, an out-of-memory abort) lands here.
  if (fileName === 'runtime.out') return { stream: { kind: 'service' }, plainLevel: 'error' };
  if (fileName === 'rest-adapter.log') {
    return { stream: { kind: 'rest-adapter' }, plainLevel: 'info' };
  }
  const kafka = KAFKA_ADAPTER_LOG.exec(fileName);
  if (kafka?.[1]) {
    return { stream: { kind: 'kafka-adapter', adapterId: kafka[1] }, plainLevel: 'info' };
  }
  return null;
}

export const fileIdOf = (info: { dev: number; ino: number }) => `${info.dev}:${info.ino}`;

/** An open file proved to be the one named by its id (a rename between stat and open cannot fool a read). */
export interface OpenedFile {
  handle: FileHandle;
  fileId: string;
  size: number;
}

export async function openFile(file: string): Promise<OpenedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    return { handle, fileId: fileIdOf(info), size: info.size };
  } catch {
    await handle.close();
    return null;
  }
}

const ROTATED_GENERATION = /^\d+$/;

/**
 * The rotated generation (`name.1` newest, `name.2` …) that is the file `fileId`, with the id of the next newer one
 * (null when that is the current file): a file read up to a checkpoint and then rotated away is finished there,
 * then each newer generation in turn. The directory is listed afresh: the rotation may have happened just now.
 */
export async function openRotated(
  dir: string,
  name: string,
  fileId: string,
): Promise<(OpenedFile & { generation: number }) | null> {
  const prefix = `${name}.`;
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const suffix = entry.slice(prefix.length);
    if (!entry.startsWith(prefix) || !ROTATED_GENERATION.test(suffix)) continue;
    const info = await stat(path.join(dir, entry)).catch(() => null);
    if (!info || fileIdOf(info) !== fileId) continue;
    const opened = await openFile(path.join(dir, entry));
    if (opened?.fileId === fileId) return { ...opened, generation: Number(suffix) };
    await opened?.handle.close();
  }
  return null;
}

export async function fileIdAt(file: string): Promise<string | null> {
  const info = await stat(file).catch(() => null);
  return info ? fileIdOf(info) : null;
}
