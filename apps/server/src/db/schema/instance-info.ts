import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per installation: the id that tells installations apart (logs, support, health).
 * The check keeps it a singleton so "the" installation id is never ambiguous.
 */
export const instanceInfo = pgTable(
  'instance_info',
  {
    id: text('id').primaryKey().default('singleton'),
    instanceId: uuid('instance_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('instance_info_singleton', sql`${table.id} = 'singleton'`)],
);
