import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { service } from '../../db/schema';
import type { LogCheckpoint, LogLine, LogStore } from '../log-store/log-store';
import { fileIdAt, logSourceOf, openFile, openRotated } from './log-files';
import type { LogSource, OpenedFile } from './log-files';
import { parseLogLine } from './log-line';

/**
 * Collects the log files in each service's data dir into the log store (docs/decisions/022): `runtime.log` (the
 * runtime's JSON lines, rotated by it), `runtime.out` (its raw output, moved aside at each spawn),
 * `kafka-adapter-{adapterId}.log` and `rest-adapter.log` (the same JSON lines, rotated the same way). The runtime never
 * waits on us: it appends to its own files, and we read them from a checkpoint that is stored in the same
 * transaction as the lines read up to it, so a crash anywhere neither loses nor repeats a line.
 */
export interface LogCollectorOptions {
  /** Lists the services (default listServices). */
  db?: Database;
  logStore: LogStore;
  config: Pick<Config, 'dataDir'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** The ids of the services that have a row: other dirs are not collected. */
  listServices?: () => Promise<string[]>;
  /** Pause between passes (default 1 s) when every file was read to its end. */
  intervalMs?: number;
  /** Bytes read from one file in one pass (default 1 MiB): a burst is caught up over a few passes. */
  maxBytesPerRead?: number;
  /** Lines per append (default 1,000): one multi-row insert and one checkpoint each. */
  maxLinesPerAppend?: number;
}

export interface LogCollector {
  /** The first pass at once, then one pass every interval. */
  start(): void;
  /** Stops after the pass in flight (its appends finish, so its checkpoints are stored). */
  stop(): Promise<void>;
  /** One pass over every service's files (start() runs these; tests and the benchmark may call it). */
  collectOnce(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 1_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;
/**
 * Lines a transaction. On PGlite the database runs on the server's thread, so a transaction holds every request
 * queued behind it: at 5,000 lines/s, 1,000-line transactions raised the API's p99 from 6 to 58 ms, 100-line ones
 * to 14 ms, for 52 instead of 36 µs of CPU a line (bench/log-ingest.ts, bench/README.md).
 */
const DEFAULT_MAX_LINES = 100;
const NEWLINE = 0x0a;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createLogCollector(options: LogCollectorOptions): LogCollector {
  const { db, logStore, config, logger, clock } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const maxBytes = options.maxBytesPerRead ?? DEFAULT_MAX_BYTES;
  const maxLines = options.maxLinesPerAppend ?? DEFAULT_MAX_LINES;
  const servicesDir = path.join(config.dataDir, 'services');
  const listServices =
    options.listServices ??
    (async () => {
      if (!db) throw new Error('createLogCollector needs db or listServices');
      return (await db.select({ id: service.id }).from(service)).map((row) => row.id);
    });

  /**
   * Where each file has been read to. It may run ahead of the stored checkpoint only over bytes that held no lines
   * (blank lines, a rotated file's end): re-reading those after a restart yields nothing, so nothing repeats.
   */
  let checkpoints: Map<string, LogCheckpoint> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;
  /** A read of this pass stopped at maxBytesPerRead: the next pass follows at once instead of after the interval. */
  let hasBacklog = false;
  /** A file of this pass failed: the next pass waits the interval (a failing database is not retried in a loop). */
  let hasFailed = false;
  const failingSources = new Set<string>();

  /**
   * Reads `file` from `offset` (at most maxBytes) and appends its complete lines in batches, each with the
   * checkpoint just past its last line. A final file (a rotated one: nobody writes to it any more) has no partial
   * last line: what follows its last newline is a line too, and reaching its end hands over to `next`.
   * Returns whether the file was read to its end.
   */
  async function readInto(
    serviceId: string,
    name: string,
    source: LogSource,
    file: OpenedFile,
    offset: number,
    next: { fileId: string; offset: number } | null,
  ): Promise<boolean> {
    const sourceKey = `${serviceId}/${name}`;
    const isFinal = next !== null;
    const length = Math.min(maxBytes, file.size - offset);
    if (length <= 0) {
      if (next) checkpoints?.set(sourceKey, { sourceKey, serviceId, ...next });
      return true;
    }
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await file.handle.read(buffer, 0, length, offset);
    const chunk = buffer.subarray(0, bytesRead);
    const reachesEnd = offset + bytesRead >= file.size;
    if (!reachesEnd) hasBacklog = true;
    const now = clock();
    const lines: LogLine[] = [];
    let start = 0;
    const flush = async (checkpointTo: { fileId: string; offset: number }) => {
      const checkpoint: LogCheckpoint = { sourceKey, serviceId, ...checkpointTo };
      if (lines.length > 0) {
        await logStore.append(lines.splice(0), checkpoint);
        // The embedded database runs on this thread: requests waiting for it go before the next batch.
        await yieldToEventLoop();
      }
      checkpoints?.set(sourceKey, checkpoint);
    };
    const take = (end: number) => {
      const parsed = parseLogLine(chunk.toString('utf8', start, end), source.plainLevel, now);
      if (parsed) lines.push({ serviceId, stream: source.stream, ...parsed });
    };
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) break;
      take(newline);
      start = newline + 1;
      if (lines.length >= maxLines) {
        await flush({ fileId: file.fileId, offset: offset + start });
      }
    }
    // What follows the last newline: a line still being written (it waits for the next pass), unless nobody writes
    // to the file any more or it alone fills a whole read (a line longer than a read is taken in parts, each cut).
    const rest = chunk.length - start;
    const isEnd = isFinal && reachesEnd;
    if (rest > 0 && (isEnd || (start === 0 && chunk.length >= maxBytes))) {
      take(chunk.length);
      start = chunk.length;
    }
    const end = isEnd && next ? next : { fileId: file.fileId, offset: offset + start };
    await flush(end);
    return isEnd;
  }

  async function collectFile(
    serviceId: string,
    name: string,
    source: LogSource,
    hasCurrent: boolean,
  ): Promise<void> {
    if (!checkpoints) return;
    const dir = path.join(servicesDir, serviceId);
    const sourceKey = `${serviceId}/${name}`;
    const current = hasCurrent ? await openFile(path.join(dir, name)) : null;
    try {
      // Rotated (runtime.log → runtime.log.1) or moved aside (runtime.out at a spawn): finish the file of the
      // checkpoint, then each newer generation, before the current file. Bounded: generations are few.
      for (let hop = 0; hop < 32; hop += 1) {
        const checkpoint = checkpoints.get(sourceKey);
        if (!checkpoint || checkpoint.fileId === current?.fileId) break;
        const old = await openRotated(dir, name, checkpoint.fileId);
        if (!old) {
          if (!current) return;
          logger.warn(
            { serviceId, file: name },
            'Log collection: a rotated log file was gone before it was read to its end',
          );
          checkpoints.set(sourceKey, { sourceKey, serviceId, fileId: current.fileId, offset: 0 });
          break;
        }
        try {
          const newer =
            old.generation === 1
              ? (current?.fileId ?? null)
              : await fileIdAt(path.join(dir, `${name}.${old.generation - 1}`));
          const next = newer
            ? { fileId: newer, offset: 0 }
            : { fileId: checkpoint.fileId, offset: old.size };
          const isDone = await readInto(serviceId, name, source, old, checkpoint.offset, next);
          if (!isDone || !newer) return;
        } finally {
          await old.handle.close();
        }
      }
      if (!current) return;
      const checkpoint = checkpoints.get(sourceKey);
      let offset = checkpoint?.fileId === current.fileId ? checkpoint.offset : 0;
      // The same file, shorter than what was read: it was truncated in place; its new content starts at 0.
      if (current.size < offset) offset = 0;
      await readInto(serviceId, name, source, current, offset, null);
    } finally {
      await current?.handle.close();
    }
  }

  async function collectService(serviceId: string): Promise<void> {
    const dir = path.join(servicesDir, serviceId);
    const entries = await readdir(dir).catch(() => null);
    if (!entries) return;
    const names = new Set(entries.filter((entry) => logSourceOf(entry) !== null));
    // A file whose current name is momentarily missing (moved aside, not yet re-created) still has a rotated
    // generation to finish.
    for (const checkpoint of checkpoints?.values() ?? []) {
      if (checkpoint.serviceId === serviceId)
        names.add(checkpoint.sourceKey.slice(serviceId.length + 1));
    }
    for (const name of names) {
      const source = logSourceOf(name);
      if (!source || isStopped) continue;
      const sourceKey = `${serviceId}/${name}`;
      try {
        await collectFile(serviceId, name, source, entries.includes(name));
        failingSources.delete(sourceKey);
      } catch (error) {
        hasFailed = true;
        // Retried next pass from the stored checkpoint; said once, not every second.
        if (!failingSources.has(sourceKey)) {
          failingSources.add(sourceKey);
          logger.warn({ err: error, serviceId, file: name }, 'Log collection failed; retrying');
        }
      }
      await yieldToEventLoop();
    }
  }

  async function collectOnce(): Promise<void> {
    if (!checkpoints) {
      // Never collect without knowing where the last control plane stopped: that would repeat lines.
      checkpoints = new Map(await logStore.checkpoints());
    }
    const serviceIds = await listServices();
    const known = new Set(serviceIds);
    for (const [key, checkpoint] of checkpoints) {
      if (!known.has(checkpoint.serviceId)) checkpoints.delete(key);
    }
    for (const serviceId of serviceIds) {
      if (isStopped) return;
      await collectService(serviceId);
    }
  }

  function schedule(delayMs: number): void {
    if (isStopped) return;
    timer = setTimeout(() => {
      timer = null;
      hasBacklog = false;
      hasFailed = false;
      running = collectOnce()
        .catch((error: unknown) => logger.warn({ err: error }, 'Log collection pass failed'))
        .finally(() => {
          running = null;
          // A file that has more than one read waiting is read on after a turn of the event loop, not a second later:
          // the interval bounds the delay of new lines, never the rate they are taken in at.
          schedule(hasBacklog && !hasFailed ? 0 : intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      isStopped = false;
      if (!timer && !running) schedule(0);
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    collectOnce,
  };
}
