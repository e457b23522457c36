import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUser } from './auth';

/**
 * Single-use, expiring tokens mailed to users: password reset (1 hour) and e-mail verification (24 hours).
 * Only the SHA-256 of a token is stored, so a database leak does not leak usable links. `used_at` makes a token
 * single-use (consumed with one conditional UPDATE). `email` binds a verification token to the address it was sent
 * to.
 */
export const authToken = pgTable(
  'auth_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['password-reset', 'email-verification'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_token_user_id_idx').on(table.userId)],
);
