import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { auditEvent, authUser, workspace, workspaceInvite, workspaceMember } from '../../db/schema';

export type InviteRow = typeof workspaceInvite.$inferSelect;
export type AuditEventRow = typeof auditEvent.$inferSelect;

const inviter = alias(authUser, 'inviter');

/** Not accepted, declined or revoked (it may have expired: an expired invitation can be re-sent). */
const isOpen = and(
  isNull(workspaceInvite.acceptedAt),
  isNull(workspaceInvite.declinedAt),
  isNull(workspaceInvite.revokedAt),
);

export interface InviteDetails extends InviteRow {
  inviterEmail: string | null;
  workspaceName: string;
}

const inviteDetailsColumns = {
  id: workspaceInvite.id,
  workspaceId: workspaceInvite.workspaceId,
  email: workspaceInvite.email,
  role: workspaceInvite.role,
  invitedBy: workspaceInvite.invitedBy,
  createdAt: workspaceInvite.createdAt,
  expiresAt: workspaceInvite.expiresAt,
  acceptedAt: workspaceInvite.acceptedAt,
  declinedAt: workspaceInvite.declinedAt,
  revokedAt: workspaceInvite.revokedAt,
  inviterEmail: inviter.email,
  workspaceName: workspace.name,
};

function selectInviteDetails(db: Database) {
  return db
    .select(inviteDetailsColumns)
    .from(workspaceInvite)
    .innerJoin(workspace, eq(workspace.id, workspaceInvite.workspaceId))
    .leftJoin(inviter, eq(inviter.id, workspaceInvite.invitedBy));
}

/** The open invitations of a workspace, newest first. */
export function listOpenInvites(db: Database, workspaceId: string): Promise<InviteDetails[]> {
  return selectInviteDetails(db)
    .where(and(eq(workspaceInvite.workspaceId, workspaceId), isOpen))
    .orderBy(desc(workspaceInvite.createdAt), desc(workspaceInvite.id));
}

/** The open, unexpired invitations addressed to an e-mail (lower case), newest first. */
export function listPendingInvitesFor(
  db: Database,
  email: string,
  now: Date,
): Promise<InviteDetails[]> {
  return selectInviteDetails(db)
    .where(and(eq(workspaceInvite.email, email), isOpen, gt(workspaceInvite.expiresAt, now)))
    .orderBy(desc(workspaceInvite.createdAt), desc(workspaceInvite.id));
}

export async function findInvite(
  db: Database,
  inviteId: string,
  options: { forUpdate?: boolean } = {},
): Promise<InviteDetails | undefined> {
  const query = selectInviteDetails(db).where(eq(workspaceInvite.id, inviteId));
  const [row] = options.forUpdate
    ? await query.for('update', { of: workspaceInvite })
    : await query;
  return row;
}

/** An open invitation of a workspace, locked until the transaction ends. */
export async function findOpenInviteOf(
  db: Database,
  workspaceId: string,
  inviteId: string,
): Promise<InviteDetails | undefined> {
  const [row] = await selectInviteDetails(db)
    .where(
      and(eq(workspaceInvite.id, inviteId), eq(workspaceInvite.workspaceId, workspaceId), isOpen),
    )
    .for('update', { of: workspaceInvite });
  return row;
}

/** Whether an account with this e-mail is a member of the workspace. */
export async function isMemberEmail(
  db: Database,
  workspaceId: string,
  email: string,
): Promise<boolean> {
  const rows = await db
    .select({ customerId: workspaceMember.customerId })
    .from(workspaceMember)
    .innerJoin(authUser, eq(authUser.id, workspaceMember.customerId))
    .where(
      and(eq(workspaceMember.workspaceId, workspaceId), sql`lower(${authUser.email}) = ${email}`),
    );
  return rows.length > 0;
}

/** The open, unexpired invitations of a workspace for an e-mail, locked until the transaction ends. */
export function listPendingInvitesOf(
  db: Database,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<{ id: string }[]> {
  return db
    .select({ id: workspaceInvite.id })
    .from(workspaceInvite)
    .where(
      and(
        eq(workspaceInvite.workspaceId, workspaceId),
        eq(workspaceInvite.email, email),
        isOpen,
        gt(workspaceInvite.expiresAt, now),
      ),
    )
    .for('update');
}

/** Revokes the open invitations of a workspace for an e-mail (a new one replaces them). */
export async function revokeOpenInvitesFor(
  db: Database,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .update(workspaceInvite)
    .set({ revokedAt: now })
    .where(
      and(eq(workspaceInvite.workspaceId, workspaceId), eq(workspaceInvite.email, email), isOpen),
    );
}

export async function insertInvite(
  db: Database,
  values: {
    workspaceId: string;
    email: string;
    role: 'User' | 'Admin';
    invitedBy: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<InviteRow> {
  const [row] = await db
    .insert(workspaceInvite)
    .values({
      id: randomUUID(),
      workspaceId: values.workspaceId,
      email: values.email,
      role: values.role,
      invitedBy: values.invitedBy,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning();
  if (!row) throw new Error('workspace_invite insert returned no row');
  return row;
}

export async function updateInvite(
  db: Database,
  inviteId: string,
  changes: Partial<Pick<InviteRow, 'expiresAt' | 'acceptedAt' | 'declinedAt' | 'revokedAt'>>,
): Promise<void> {
  await db.update(workspaceInvite).set(changes).where(eq(workspaceInvite.id, inviteId));
}

/** One page of a workspace's audit trail, newest first, strictly before the (at, id) cursor when given. */
export function listAuditEvents(
  db: Database,
  workspaceId: string,
  options: { limit: number; before?: { at: Date; id: string } },
): Promise<AuditEventRow[]> {
  const { before } = options;
  return db
    .select()
    .from(auditEvent)
    .where(
      and(
        eq(auditEvent.workspaceId, workspaceId),
        before &&
          sql`(${auditEvent.at}, ${auditEvent.id}) < (${before.at.toISOString()}::timestamptz, ${before.id})`,
      ),
    )
    .orderBy(desc(auditEvent.at), desc(auditEvent.id))
    .limit(options.limit);
}
