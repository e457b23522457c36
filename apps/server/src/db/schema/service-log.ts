import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { service } from './service';

/** Ingest order of log lines across every service: the paging key (newer lines always get higher numbers). */
export const serviceLogSeq = pgSequence('service_log_seq');

/**
 * The log store's rows (docs/decisions/022): event logs the control plane writes and the lines it collects from
 * each runtime's and adapter's log files. The migration creates it PARTITIONED BY RANGE (received_at), one partition
 * a day plus a default one, so retention drops whole partitions (log-partitions.ts); drizzle-kit cannot express
 * that, so the generated CREATE TABLE was edited by hand (0006_logs-and-usage.sql).
 * `kind` is a LogKind; `source_id` the Kafka adapter's id ('' otherwise); `level` the LOG_LEVEL_RANK.
 */
export const serviceLog = pgTable(
  'service_log',
  {
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('service_log_seq')`),
    serviceId: text('service_id')
      .notNull()
      .references(() => service.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sourceId: text('source_id').notNull().default(''),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    level: smallint('level').notNull(),
    message: text('message').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ columns: [table.seq, table.receivedAt] }),
    index('service_log_stream_idx').on(table.serviceId, table.kind, table.sourceId, table.seq),
  ],
);

/**
 * How far the collector has read each log file, written in the same transaction as the lines it read: a control
 * plane that restarts goes on from here, without losing or repeating a line. `file_id` is the file's device and
 * inode, so a rotated or replaced file is noticed.
 */
export const logCheckpoint = pgTable('log_checkpoint', {
  sourceKey: text('source_key').primaryKey(),
  serviceId: text('service_id')
    .notNull()
    .references(() => service.id, { onDelete: 'cascade' }),
  fileId: text('file_id').notNull(),
  offset: bigint('offset', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
