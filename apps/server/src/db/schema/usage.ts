import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The database metrics store (docs/decisions/022): one row per service per interval [start, start + seconds) in
 * unix seconds. Scrapes land in minute rows; minute rows older than a day are folded into hour rows. Counters hold
 * the increase within the interval, gauges the highest and lowest value seen (contract usage/usage-aggregate.ts).
 * No foreign key to the service: usage must outlive a deleted service for billing; retention removes it.
 */
export const usageSample = pgTable(
  'usage_sample',
  {
    serviceId: text('service_id').notNull(),
    seconds: integer('seconds').notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    billedMessages: bigint('billed_messages', { mode: 'number' }).notNull().default(0),
    /** Messages published by clients (the "in" part of the billed messages); 0 in rows older than migration 0008. */
    messagesIn: bigint('messages_in', { mode: 'number' }).notNull().default(0),
    /** The adapters' part of the billed messages (the trial's adapter cap); 0 in rows older than migration 0010. */
    adapterBilledMessages: bigint('adapter_billed_messages', { mode: 'number' })
      .notNull()
      .default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    sessionsMax: integer('sessions_max').notNull().default(0),
    sessionsMin: integer('sessions_min').notNull().default(0),
    topicsMax: integer('topics_max').notNull().default(0),
    topicsMin: integer('topics_min').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.serviceId, table.seconds, table.start] }),
    index('usage_sample_service_start_idx').on(table.serviceId, table.start),
  ],
);

/**
 * The last counter readings of each service's runtime, updated in the same transaction as the sample they fed: a
 * restarted control plane computes the next increase from here (no double counting), and a restarted runtime (another
 * start time, or lower values) counts from zero (Prometheus counter semantics).
 */
export const metricsScrapeState = pgTable('metrics_scrape_state', {
  serviceId: text('service_id').primaryKey(),
  runtimeStartedAt: bigint('runtime_started_at', { mode: 'number' }).notNull(),
  billedMessages: bigint('billed_messages', { mode: 'number' }).notNull(),
  /** Null in a state written before migration 0008: that runtime's count so far is not known to be new. */
  messagesIn: bigint('messages_in', { mode: 'number' }),
  /** Null in a state written before migration 0010: that runtime's adapter count so far is not known to be new. */
  adapterBilledMessages: bigint('adapter_billed_messages', { mode: 'number' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  scrapedAt: timestamp('scraped_at', { withTimezone: true, precision: 3 }).notNull(),
});
