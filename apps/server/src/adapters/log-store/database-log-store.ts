import { and, desc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOG_LEVEL_RANK } from '@herald/contract/logs/log-source';
import { LOG_LEVELS } from '@herald/contract/logs/logs.schema';
import type { LogEntry, LogLevel } from '@herald/contract/logs/logs.schema';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { logCheckpoint, serviceLog } from '../../db/schema/service-log';
import { maintainLogPartitions } from './log-partitions';
import { InvalidLogCursorError } from './log-store';
import type {
  LogLine,
  LogPage,
  LogPageQuery,
  LogSourceSummary,
  LogStore,
  LogStream,
} from './log-store';

export interface DatabaseLogStoreOptions {
  db: Database;
  config: Pick<Config, 'logRetentionDays' | 'logMaxLinesPerService'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** `received_at` of appended lines (the partition key): tests move it to fill older partitions. */
  clock: () => Date;
}

/** Lines per INSERT (one JSON parameter): bounds one statement's size; larger batches gain nothing. */
const INSERT_BATCH_ROWS = 1_000;

/**
 * Appends hold this transaction-level advisory lock, so sequence numbers are committed in the order they were
 * taken: a reader never sees seq n+1 before seq n, and the live tail (`after`) cannot skip a line that a slower
 * transaction committed late. Appends are short (one batch of a file), so the serialisation costs little.
 */
const APPEND_ADVISORY_LOCK_KEY = 4_818_201_812;

const LEVEL_BY_RANK = new Map<number, LogLevel>(
  LOG_LEVELS.map((level) => [LOG_LEVEL_RANK[level], level]),
);

/** Cursors we hand out: `s` + the seq of the last (oldest) entry of a page. */
const CURSOR_PATTERN = /^s([1-9][0-9]{0,15})$/;
/** Entry ids: the seq as a decimal string. */
const ENTRY_ID_PATTERN = /^[1-9][0-9]{0,15}$/;

function decodeSeq(value: string, pattern: RegExp, parameter: 'cursor' | 'after'): number {
  const digits = pattern.exec(value)?.[pattern === CURSOR_PATTERN ? 1 : 0];
  const seq = digits === undefined ? NaN : Number(digits);
  if (!Number.isSafeInteger(seq)) throw new InvalidLogCursorError(parameter);
  return seq;
}

export function encodeLogCursor(seq: number): string {
  return `s${seq}`;
}

function streamColumns(stream: LogStream): { kind: string; sourceId: string } {
  return { kind: stream.kind, sourceId: stream.kind === 'kafka-adapter' ? stream.adapterId : '' };
}

/** ILIKE pattern for "contains": the user's %, _ and \ match themselves (backslash is ILIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One INSERT of up to INSERT_BATCH_ROWS lines passed as a single JSON parameter, in their order (seq follows the
 * array's order). Measured on PGlite (bench/log-ingest.ts, docs/decisions/022): about 25 µs of CPU a line, against
 * about 100 µs for the same rows as a multi-row VALUES list of 7 parameters each, whose binding dominated; PGlite
 * runs on the server's thread, so this is time the API does not get.
 */
async function insertLines(
  tx: Pick<Database, 'execute'>,
  lines: readonly LogLine[],
  receivedAt: Date,
): Promise<void> {
  const rows = JSON.stringify(
    lines.map((line) => {
      const { kind, sourceId } = streamColumns(line.stream);
      return {
        s: line.serviceId,
        k: kind,
        i: sourceId,
        a: line.at.toISOString(),
        l: LOG_LEVEL_RANK[line.level],
        m: line.message,
        f: line.fields,
      };
    }),
  );
  await tx.execute(sql`
    insert into ${serviceLog}
      (service_id, kind, source_id, at, received_at, level, message, fields)
    select e.value->>'s', e.value->>'k', e.value->>'i', (e.value->>'a')::timestamptz,
           ${receivedAt.toISOString()}::timestamptz, (e.value->>'l')::smallint, e.value->>'m',
           nullif(e.value->'f', 'null'::jsonb)
    from jsonb_array_elements(${rows}::jsonb) with ordinality as e(value, n)
    order by e.n`);
}

/**
 * The log store over the `service_log` table (partitioned by day on received_at) and `log_checkpoint`: the embedded
 * default and the PostgreSQL adapter alike (docs/decisions/022).
 */
export function createDatabaseLogStore(options: DatabaseLogStoreOptions): LogStore {
  const { db, config, logger, clock } = options;

  return {
    async append(lines, checkpoint) {
      if (lines.length === 0 && !checkpoint) return;
      const receivedAt = clock();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${APPEND_ADVISORY_LOCK_KEY})`);
        for (let start = 0; start < lines.length; start += INSERT_BATCH_ROWS) {
          await insertLines(tx, lines.slice(start, start + INSERT_BATCH_ROWS), receivedAt);
        }
        if (checkpoint) {
          await tx
            .insert(logCheckpoint)
            .values({ ...checkpoint, updatedAt: receivedAt })
            .onConflictDoUpdate({
              target: logCheckpoint.sourceKey,
              set: {
                serviceId: checkpoint.serviceId,
                fileId: checkpoint.fileId,
                offset: checkpoint.offset,
                updatedAt: receivedAt,
              },
            });
        }
      });
    },

    async checkpoints() {
      const rows = await db
        .select({
          sourceKey: logCheckpoint.sourceKey,
          serviceId: logCheckpoint.serviceId,
          fileId: logCheckpoint.fileId,
          offset: logCheckpoint.offset,
        })
        .from(logCheckpoint);
      return new Map(rows.map((row) => [row.sourceKey, row]));
    },

    async page(query: LogPageQuery): Promise<LogPage> {
      const { kind, sourceId } = streamColumns(query.stream);
      const conditions: SQL[] = [
        eq(serviceLog.serviceId, query.serviceId),
        eq(serviceLog.kind, kind),
        eq(serviceLog.sourceId, sourceId),
      ];
      if (query.cursor !== undefined) {
        conditions.push(lt(serviceLog.seq, decodeSeq(query.cursor, CURSOR_PATTERN, 'cursor')));
      }
      if (query.after !== undefined) {
        conditions.push(gt(serviceLog.seq, decodeSeq(query.after, ENTRY_ID_PATTERN, 'after')));
      }
      if (query.since !== undefined) {
        conditions.push(gte(serviceLog.at, new Date(query.since * 1000)));
      }
      if (query.until !== undefined) {
        conditions.push(lt(serviceLog.at, new Date(query.until * 1000)));
      }
      if (query.level !== undefined) {
        conditions.push(gte(serviceLog.level, LOG_LEVEL_RANK[query.level]));
      }
      if (query.search !== undefined) {
        const pattern = containsPattern(query.search);
        conditions.push(
          or(
            sql`${serviceLog.message} ilike ${pattern}`,
            sql`${serviceLog.fields}::text ilike ${pattern}`,
          )!,
        );
      }
      // One row more than asked tells whether an older page exists.
      const rows = await db
        .select({
          seq: serviceLog.seq,
          at: serviceLog.at,
          level: serviceLog.level,
          message: serviceLog.message,
          fields: serviceLog.fields,
        })
        .from(serviceLog)
        .where(and(...conditions))
        .orderBy(desc(serviceLog.seq))
        .limit(query.limit + 1);
      const hasMore = rows.length > query.limit;
      const entries = rows.slice(0, query.limit).map(toEntry);
      const last = rows[query.limit - 1];
      return { entries, hasMore, cursor: hasMore && last ? encodeLogCursor(last.seq) : null };
    },

    async sources(serviceId): Promise<LogSourceSummary> {
      const rows = await db
        .select({
          kind: serviceLog.kind,
          sourceId: serviceLog.sourceId,
          lastLogAt: sql<string | Date>`max(${serviceLog.at})`,
        })
        .from(serviceLog)
        .where(
          and(
            eq(serviceLog.serviceId, serviceId),
            or(eq(serviceLog.kind, 'kafka-adapter'), eq(serviceLog.kind, 'rest-adapter')),
          ),
        )
        .groupBy(serviceLog.kind, serviceLog.sourceId);
      const summary: LogSourceSummary = { kafkaAdapters: [], restAdapter: null };
      for (const row of rows) {
        const lastLogAt = new Date(row.lastLogAt).getTime();
        if (row.kind === 'rest-adapter') summary.restAdapter = { lastLogAt };
        else summary.kafkaAdapters.push({ adapterId: row.sourceId, lastLogAt });
      }
      summary.kafkaAdapters.sort((a, b) => a.adapterId.localeCompare(b.adapterId));
      return summary;
    },

    async maintain(now) {
      await maintainLogPartitions({ db, config, logger, now });
    },
  };
}

function toEntry(row: {
  seq: number;
  at: Date;
  level: number;
  message: string;
  fields: Record<string, unknown> | null;
}): LogEntry {
  const entry: LogEntry = {
    id: String(row.seq),
    timestamp: row.at.getTime(),
    level: LEVEL_BY_RANK.get(row.level) ?? 'error',
    message: row.message,
  };
  if (row.fields !== null) entry.fields = row.fields;
  return entry;
}
