import type { LogEntry, LogKind, LogLevel } from '@herald/contract/logs/logs.schema';

/**
 * The log store port (ARCHITECTURE "Ports and their adapters", docs/decisions/022). The embedded default and the
 * PostgreSQL adapter are one implementation (database-log-store.ts) over a table partitioned by day. Kept narrow so
 * that a Loki adapter can follow: append lines with their labels, page through one stream newest first, drop by age.
 */

/** One stream of a service's logs: the spec's four kinds; a Kafka adapter's stream is named by its id. */
export type LogStream =
  | { kind: 'event' }
  | { kind: 'service' }
  | { kind: 'kafka-adapter'; adapterId: string }
  | { kind: 'rest-adapter' };

export interface LogLine {
  serviceId: string;
  stream: LogStream;
  /** When the line was written (the writer's clock). */
  at: Date;
  level: LogLevel;
  message: string;
  /** Structured fields besides time, level and message; null when none. Never secrets. */
  fields: Record<string, unknown> | null;
}

/** How far a collected file has been read; stored atomically with the lines read up to it. */
export interface LogCheckpoint {
  /** `{serviceId}/{file name}`. */
  sourceKey: string;
  serviceId: string;
  /** `{dev}:{ino}` of the file. */
  fileId: string;
  /** Bytes read (the next read starts here). */
  offset: number;
}

export interface LogPageQuery {
  serviceId: string;
  stream: LogStream;
  /** Unix seconds, inclusive / exclusive, on the lines' `at`. */
  since?: number;
  until?: number;
  /** The least severe level returned. */
  level?: LogLevel;
  /** Case-insensitive text in the message or a field value. */
  search?: string;
  limit: number;
  /** A cursor from a previous page: only older lines. Throws InvalidLogCursorError when not one of ours. */
  cursor?: string;
  /** An entry id: only newer lines (the live tail). Throws InvalidLogCursorError when not one of ours. */
  after?: string;
}

export interface LogPage {
  /** Newest first. */
  entries: LogEntry[];
  hasMore: boolean;
  /** For the next older page; null when hasMore is false. */
  cursor: string | null;
}

export class InvalidLogCursorError extends Error {
  constructor(readonly parameter: 'cursor' | 'after') {
    super(`${parameter} is not one this server gave out`);
  }
}

export interface LogSourceSummary {
  kafkaAdapters: { adapterId: string; lastLogAt: number }[];
  restAdapter: { lastLogAt: number } | null;
}

export interface LogStore {
  /** Appends lines in their order; with a checkpoint, both are stored or neither (one transaction). */
  append(lines: readonly LogLine[], checkpoint?: LogCheckpoint): Promise<void>;
  /** Where the collector left off, by source key. */
  checkpoints(): Promise<Map<string, LogCheckpoint>>;
  page(query: LogPageQuery): Promise<LogPage>;
  /** The adapters of a service that have logs (the pickers of the adapter log screens). */
  sources(serviceId: string): Promise<LogSourceSummary>;
  /** Retention and size limits, and partitions ahead; run at start and then hourly. */
  maintain(now: Date): Promise<void>;
}

export type { LogKind };
