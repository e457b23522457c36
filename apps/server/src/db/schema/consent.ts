import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUser } from './auth';

/** A user's data collection choice (the consent manager); no row means no consent. */
export const userConsent = pgTable('user_consent', {
  customerId: text('customer_id')
    .primaryKey()
    .references(() => authUser.id, { onDelete: 'cascade' }),
  analytics: boolean('analytics').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Analytics events of users who consented (POST /v3/track/events); anonymous visitors are never stored. */
export const analyticsEvent = pgTable(
  'analytics_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    properties: jsonb('properties')
      .$type<Record<string, string | number | boolean>>()
      .notNull()
      .default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_event_customer_id_idx').on(table.customerId)],
);
