import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail kept for the operator (GET /_dev/mail) when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.to, table.id)],
);
