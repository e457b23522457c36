import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspace } from './workspace';

/**
 * When a member's dashboard tokens for a workspace's services stopped being valid (docs/decisions/013): written
 * when the member is removed, leaves, changes role or deletes the account, or signs out or changes the password;
 * pushed to the workspace's runtimes at once and again whenever a runtime starts or is re-attached. The customer
 * id is not a foreign key: the revocation must outlive a deleted account. Rows older than a token's lifetime
 * refuse nothing and are removed.
 */
export const dashboardRevocation = pgTable(
  'dashboard_revocation',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.customerId] })],
);
