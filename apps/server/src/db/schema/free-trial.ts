import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspace } from './workspace';

/**
 * One e-mail of a free trial (docs/decisions/025): a reminder (`ends-in-7d@<endsAt>`, `usage-80@<endsAt>`) or what
 * happened at its end (`suspended@<at>`, `converted`, `removed`). The trial scheduler claims the key before it sends
 * and marks it sent after, so a reminder goes out once across restarts; a claim never marked sent is retried. No
 * foreign key to the service: the rows outlive a removed service as the record of what was sent.
 */
export const trialNotice = pgTable(
  'trial_notice',
  {
    serviceId: text('service_id').notNull(),
    noticeKey: text('notice_key').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The e-mail, composed when claimed, so a retry sends the same words even after the service is gone. */
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.serviceId, table.noticeKey] }),
    index('trial_notice_unsent_idx')
      .on(table.claimedAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
