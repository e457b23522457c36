import type { LogEntry, Logs } from '@herald/contract/logs/logs.schema';

/** 2026-11-24 09:14:03.120 UTC. */
export const LOG_BASE_TIME = Date.UTC(2026, 10, 24, 9, 14, 3, 120);

/** Entry `n` of a log: ids and times grow with n, so a higher n is newer. */
export function buildLogEntry(n: number, overrides: Partial<LogEntry> = {}): LogEntry {
  return {
    id: String(n),
    timestamp: LOG_BASE_TIME + n * 1_000,
    level: 'info',
    message: `line ${n}`,
    ...overrides,
  };
}

/** A page of entries `from` down to `to` (newest first), with the runtime's metadata. */
export function buildLogPage(
  from: number,
  to: number,
  paging: { cursor: string | null } = { cursor: null },
): Logs {
  const entries: LogEntry[] = [];
  for (let n = from; n >= to; n -= 1) entries.push(buildLogEntry(n));
  return {
    logDetails: entries,
    metadata: {
      namespace: 'herald-services',
      pod: 'prices-0',
      app: 'herald',
      container: 'runtime',
      hasMoreLogs: paging.cursor !== null,
      cursor: paging.cursor,
    },
  };
}
