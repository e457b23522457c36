import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the abuse limits (src/plugins/rate-limit.ts), one row per key (action, scope, subject).
 * In the database so that limits hold across restarts and across servers sharing one PostgreSQL.
 */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
