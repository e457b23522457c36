import { randomBytes } from 'node:crypto';
import type { AuditAction } from '@herald/contract/members/member.schema';
import type { Role } from '@herald/contract/members/permissions';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { auditEvent, authUser, userProfile, workspace, workspaceMember } from '../../db/schema';
import { newSortableId } from '../../lib/sortable-id';

export type WorkspaceRow = typeof workspace.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMember.$inferSelect;

/** A short random workspace id: 12 lower-case hex characters (48 bits), no meaning, safe in a path. */
export function newWorkspaceId(): string {
  return randomBytes(6).toString('hex');
}

/** The member's roles in a workspace; none when the customer is not a member (or the workspace does not exist). */
export async function findMemberRoles(
  db: Database,
  workspaceId: string,
  customerId: string,
): Promise<Role[]> {
  const rows = await db
    .select({ role: workspaceMember.role })
    .from(workspaceMember)
    .where(
      and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.customerId, customerId)),
    );
  return rows.map((row) => row.role);
}

export async function findWorkspace(
  db: Database,
  workspaceId: string,
): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspace).where(eq(workspace.id, workspaceId));
  return row;
}

/** Locks the workspace row until the transaction ends: member changes of one workspace run one at a time. */
export async function lockWorkspace(db: Database, workspaceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: workspace.id })
    .from(workspace)
    .where(eq(workspace.id, workspaceId))
    .for('update');
  return rows.length > 0;
}

/** The workspaces a customer is a member of, oldest membership first. */
export function listWorkspacesOf(db: Database, customerId: string): Promise<WorkspaceRow[]> {
  return db
    .select(getTableColumns(workspace))
    .from(workspace)
    .innerJoin(workspaceMember, eq(workspaceMember.workspaceId, workspace.id))
    .where(eq(workspaceMember.customerId, customerId))
    .orderBy(asc(workspaceMember.joinedAt), asc(workspace.createdAt), asc(workspace.id));
}

export async function countWorkspacesOf(db: Database, customerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(workspaceMember)
    .where(eq(workspaceMember.customerId, customerId));
  return row?.count ?? 0;
}

export interface MemberDetails {
  workspaceId: string;
  customerid: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  joinedAt: Date;
}

/** The members of the given workspaces with their e-mail and names, in the order they joined. */
export function listMembersOf(db: Database, workspaceIds: string[]): Promise<MemberDetails[]> {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      workspaceId: workspaceMember.workspaceId,
      customerid: workspaceMember.customerId,
      email: authUser.email,
      firstName: sql<string>`coalesce(${userProfile.firstName}, '')`,
      lastName: sql<string>`coalesce(${userProfile.lastName}, '')`,
      role: workspaceMember.role,
      joinedAt: workspaceMember.joinedAt,
    })
    .from(workspaceMember)
    .innerJoin(authUser, eq(authUser.id, workspaceMember.customerId))
    .leftJoin(userProfile, eq(userProfile.customerId, workspaceMember.customerId))
    .where(inArray(workspaceMember.workspaceId, workspaceIds))
    .orderBy(asc(workspaceMember.joinedAt), asc(workspaceMember.customerId));
}

export async function insertWorkspace(
  db: Database,
  values: { name: string; companyName: string | null; now: Date },
): Promise<WorkspaceRow> {
  const [row] = await db
    .insert(workspace)
    .values({
      id: newWorkspaceId(),
      name: values.name,
      companyName: values.companyName,
      createdAt: values.now,
    })
    .returning();
  if (!row) throw new Error('workspace insert returned no row');
  return row;
}

export async function insertMember(
  db: Database,
  values: { workspaceId: string; customerId: string; role: Role; now: Date },
): Promise<void> {
  await db.insert(workspaceMember).values({
    workspaceId: values.workspaceId,
    customerId: values.customerId,
    role: values.role,
    joinedAt: values.now,
  });
}

export async function setMemberRole(
  db: Database,
  workspaceId: string,
  customerId: string,
  role: Role,
): Promise<void> {
  await db
    .update(workspaceMember)
    .set({ role })
    .where(
      and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.customerId, customerId)),
    );
}

export async function deleteMember(
  db: Database,
  workspaceId: string,
  customerId: string,
): Promise<void> {
  await db
    .delete(workspaceMember)
    .where(
      and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.customerId, customerId)),
    );
}

export interface AuditEventInput {
  workspaceId: string;
  actor: { customerId: string | null; email: string | null };
  /** Only the contract's actions: one the Activity tab cannot describe does not compile. */
  action: AuditAction;
  target: string | null;
  details?: Record<string, unknown>;
  ipAddress: string | null;
  at: Date;
}

export async function insertAuditEvent(db: Database, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvent).values({
    // Time-ordered, so events of one millisecond still list in the order they happened.
    id: newSortableId(),
    workspaceId: event.workspaceId,
    actorCustomerId: event.actor.customerId,
    actorEmail: event.actor.email,
    action: event.action,
    target: event.target,
    details: event.details ?? {},
    ipAddress: event.ipAddress,
    at: event.at,
  });
}

/** Workspaces the customer owns, with how many members each has (account deletion checks them). */
export function listOwnedWorkspacesOf(
  db: Database,
  customerId: string,
): Promise<{ id: string; name: string; memberCount: number }[]> {
  return db
    .select({
      id: workspace.id,
      name: workspace.name,
      memberCount: sql<number>`(select count(*)::int from ${workspaceMember} m where m.workspace_id = ${workspace.id})`,
    })
    .from(workspace)
    .innerJoin(workspaceMember, eq(workspaceMember.workspaceId, workspace.id))
    .where(and(eq(workspaceMember.customerId, customerId), eq(workspaceMember.role, 'Owner')));
}

/** Deletes a workspace; members, invitations and audit events go with it (foreign keys cascade). */
export async function deleteWorkspace(db: Database, workspaceId: string): Promise<void> {
  await db.delete(workspace).where(eq(workspace.id, workspaceId));
}
