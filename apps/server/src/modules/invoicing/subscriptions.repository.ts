import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { billingSubscription, workspaceMember } from '../../db/schema';
import { billingId } from './billing-ids';

/**
 * The workspace's billing subscription id, created on first use (the first invoice, or the first paid plan:
 * docs/decisions/024). Concurrent callers get the same row (unique workspace_id).
 */
export async function ensureSubscription(
  db: Database,
  workspaceId: string,
  at: Date,
): Promise<string> {
  await db
    .insert(billingSubscription)
    .values({ id: billingId('sub_'), workspaceId, createdAt: at })
    .onConflictDoNothing({ target: billingSubscription.workspaceId });
  const [row] = await db
    .select({ id: billingSubscription.id })
    .from(billingSubscription)
    .where(eq(billingSubscription.workspaceId, workspaceId));
  if (!row) throw new Error(`The subscription of workspace ${workspaceId} was not created`);
  return row.id;
}

/** The workspace's subscription id, or null before it was ever billed. */
export async function findSubscriptionId(
  db: Database,
  workspaceId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: billingSubscription.id })
    .from(billingSubscription)
    .where(eq(billingSubscription.workspaceId, workspaceId));
  return row?.id ?? null;
}

/** User.subscriptions (spec section 3): the subscriptions of the workspaces the user is a member of. */
export async function listSubscriptionIdsOfMember(
  db: Database,
  customerId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: billingSubscription.id })
    .from(billingSubscription)
    .innerJoin(workspaceMember, eq(workspaceMember.workspaceId, billingSubscription.workspaceId))
    .where(eq(workspaceMember.customerId, customerId))
    .orderBy(billingSubscription.createdAt, billingSubscription.id);
  return rows.map((row) => row.id);
}
