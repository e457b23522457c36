import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { UserMetadata } from '@herald/contract/users/user.schema';
import { authUser } from './auth';

/**
 * The dashboard's user (spec section 3 "User"): one row per identity that has signed up. The customer id is the
 * identity's user id; e-mail and its verification stay with the identity (auth_user).
 */
export const userProfile = pgTable('user_profile', {
  customerId: text('customer_id')
    .primaryKey()
    .references(() => authUser.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  company: text('company'),
  /** `password` or the connection name of a social / SSO sign-up. */
  provider: text('provider').notNull(),
  metadata: jsonb('metadata').$type<UserMetadata>().notNull().default({}),
  /** The SSO sign-up's emailConsent; null for password sign-ups, which do not ask. */
  emailConsent: boolean('email_consent'),
  setupComplete: boolean('setup_complete').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tour progress (spec section 4 "Tour"), one row per user and stage. */
export const progressRecord = pgTable(
  'progress_record',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => userProfile.customerId, { onDelete: 'cascade' }),
    stageName: text('stage_name').notNull(),
    status: text('status', {
      enum: ['PENDING', 'IN_PROGRESS', 'SKIPPED', 'COMPLETED'],
    }).notNull(),
    step: integer('step'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.stageName] })],
);
