import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';

/**
 * Upkeep of the partitioned `service_log` table (migration 0006, docs/decisions/022): one partition per UTC day of
 * `received_at`, created ahead; retention drops whole partitions, which costs no vacuum; the default partition only
 * catches rows when a day's partition was missing, and is trimmed row by row.
 *
 * Two servers sharing a database may run this at the same moment: every step takes the same transaction-level
 * advisory lock, so the second one waits and then finds the work done (and a duplicate_table is ignored as well).
 */

const DAY_MS = 86_400_000;
/** Partitions kept ready: yesterday (a clock slightly behind) to the day after tomorrow (a missed hourly run). */
const DAYS_AHEAD = 2;
const MAINTENANCE_ADVISORY_LOCK_KEY = 4_818_201_813;
const PARTITION_NAME = /^service_log_p(\d{4})(\d{2})(\d{2})$/;

export interface LogMaintenanceOptions {
  db: Database;
  config: Pick<Config, 'logRetentionDays' | 'logMaxLinesPerService'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: Date;
}

export interface LogMaintenanceResult {
  created: string[];
  dropped: string[];
  /** Rows deleted from the default partition (past retention) and by the per-service cap. */
  deletedLines: number;
}

export function utcDayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/** `service_log_pYYYYMMDD` of the UTC day starting at `dayStart`. */
export function logPartitionName(dayStart: number): string {
  return `service_log_p${new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The day a partition covers, from its name; null for a table that is not one of ours. */
export function logPartitionDay(name: string): number | null {
  const match = PARTITION_NAME.exec(name);
  if (!match) return null;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return logPartitionName(day) === name ? day : null;
}

interface Rows<T> {
  rows: T[];
}

async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  // Both drivers answer execute() with `{ rows }`; the shared PgDatabase type cannot say so.
  return ((await query) as Rows<T>).rows;
}

function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') return candidate.code;
    current = candidate.cause;
  }
  return undefined;
}

const DUPLICATE_TABLE = '42P07';

export async function maintainLogPartitions(
  options: LogMaintenanceOptions,
): Promise<LogMaintenanceResult> {
  const { db, config, logger, now } = options;
  const cutoff = now.getTime() - config.logRetentionDays * DAY_MS;
  const result: LogMaintenanceResult = { created: [], dropped: [], deletedLines: 0 };

  const today = utcDayStart(now.getTime());
  for (let offset = -1; offset <= DAYS_AHEAD; offset += 1) {
    const dayStart = today + offset * DAY_MS;
    if (dayStart + DAY_MS <= cutoff) continue;
    if (await createPartition(db, dayStart)) result.created.push(logPartitionName(dayStart));
  }

  for (const { name, dayStart } of await listPartitions(db)) {
    if (dayStart + DAY_MS > cutoff) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_ADVISORY_LOCK_KEY})`);
      await tx.execute(sql.raw(`drop table if exists "${name}"`));
    });
    result.dropped.push(name);
  }

  const [expired] = await rowsOf<{ count: number | string }>(
    db.execute(sql`
      with deleted as (
        delete from service_log_default
        where received_at < ${new Date(cutoff).toISOString()}::timestamptz
        returning 1)
      select count(*) as count from deleted`),
  );
  result.deletedLines += Number(expired?.count ?? 0);
  result.deletedLines += await enforceLineCap(db, config.logMaxLinesPerService);

  if (result.created.length > 0 || result.dropped.length > 0 || result.deletedLines > 0) {
    logger.info(result, 'Log store maintenance');
  }
  return result;
}

/** Our daily partitions, oldest first. */
async function listPartitions(db: Database): Promise<{ name: string; dayStart: number }[]> {
  const rows = await rowsOf<{ name: string }>(
    db.execute(sql`
      select child.relname as name
      from pg_inherits
      join pg_class child on child.oid = pg_inherits.inhrelid
      where pg_inherits.inhparent = 'service_log'::regclass`),
  );
  return rows
    .map((row) => ({ name: row.name, dayStart: logPartitionDay(row.name) }))
    .filter((row): row is { name: string; dayStart: number } => row.dayStart !== null)
    .sort((a, b) => a.dayStart - b.dayStart);
}

/**
 * Creates the day's partition if missing; true when this call created it. PostgreSQL refuses a new partition while
 * the default partition holds rows of its range, so those rows move into it in the same transaction.
 */
async function createPartition(db: Database, dayStart: number): Promise<boolean> {
  const name = logPartitionName(dayStart);
  const from = new Date(dayStart).toISOString();
  const to = new Date(dayStart + DAY_MS).toISOString();
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_ADVISORY_LOCK_KEY})`);
      const [existing] = await rowsOf<{ exists: boolean }>(
        tx.execute(sql`select to_regclass(${name}) is not null as exists`),
      );
      if (existing?.exists) return false;
      const inRange = sql`received_at >= ${from}::timestamptz and received_at < ${to}::timestamptz`;
      const [stranded] = await rowsOf<{ exists: boolean }>(
        tx.execute(
          sql`select exists (select 1 from service_log_default where ${inRange}) as exists`,
        ),
      );
      if (stranded?.exists) {
        await tx.execute(
          sql`create temporary table service_log_moving (like service_log) on commit drop`,
        );
        await tx.execute(sql`
          with moved as (delete from service_log_default where ${inRange} returning *)
          insert into service_log_moving select * from moved`);
      }
      // Names and bounds come from a date, never from input.
      await tx.execute(
        sql.raw(
          `create table "${name}" partition of service_log for values from ('${from}') to ('${to}')`,
        ),
      );
      if (stranded?.exists) {
        await tx.execute(sql`insert into service_log select * from service_log_moving`);
      }
      return true;
    });
  } catch (error) {
    if (pgErrorCode(error) === DUPLICATE_TABLE) return false;
    throw error;
  }
}

/**
 * LOG_MAX_LINES_PER_SERVICE caps the lines collected from a service's runtime and adapters together (its service,
 * Kafka adapter and REST adapter logs), dropping the oldest first. Event logs are not counted and not dropped by the
 * cap, only by age: the control plane writes them a few at a time, and a chatty runtime must not erase the history
 * of restarts and upgrades someone looks for after an incident.
 */
async function enforceLineCap(db: Database, cap: number): Promise<number> {
  const over = await rowsOf<{ service_id: string }>(
    db.execute(sql`
      select service_id from service_log
      where kind <> 'event'
      group by service_id
      having count(*) > ${cap}`),
  );
  let deleted = 0;
  for (const { service_id: serviceId } of over) {
    const [row] = await rowsOf<{ count: number | string }>(
      db.execute(sql`
        with deleted as (
          delete from service_log
          where service_id = ${serviceId} and kind <> 'event' and seq <= (
            select seq from service_log
            where service_id = ${serviceId} and kind <> 'event'
            order by seq desc offset ${cap} limit 1)
          returning 1)
        select count(*) as count from deleted`),
    );
    deleted += Number(row?.count ?? 0);
  }
  return deleted;
}
