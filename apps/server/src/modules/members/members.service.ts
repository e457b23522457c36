import { ERROR_CODES } from '@herald/contract/api/errors';
import type {
  AuditAction,
  AuditEntry,
  Member,
  WorkspaceInvite,
} from '@herald/contract/members/member.schema';
import {
  MEMBER_CHANGE_REASONS,
  evaluateMemberChange,
} from '@herald/contract/members/owner-invariant';
import type { MemberChange } from '@herald/contract/members/owner-invariant';
import { canManageMembers } from '@herald/contract/members/permissions';
import type { PendingInvite } from '@herald/contract/workspaces/workspace.schema';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import {
  deleteMember,
  insertAuditEvent,
  insertMember,
  listMembersOf,
  lockWorkspace,
  setMemberRole,
} from '../workspace/workspace.repository';
import type { MemberDetails } from '../workspace/workspace.repository';
import type { Actor } from '../workspace/workspace.service';
import type { AuditEventRow, InviteDetails } from './members.repository';
import {
  findInvite,
  findOpenInviteOf,
  insertInvite,
  isMemberEmail,
  listPendingInvitesOf,
  revokeOpenInvitesFor,
  updateInvite,
} from './members.repository';
import { inviteLink, inviteMail } from './invite-mail';

/** An invitation is valid for 7 days after it is sent or re-sent. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const MEMBER_MESSAGES = {
  cannotManageMembers: MEMBER_CHANGE_REASONS.actorCannotManageMembers,
  alreadyMember: 'This person is already a member of the organisation.',
  invitePending: (email: string) =>
    `An invitation to ${email} is already pending. Resend it from the invitations list.`,
  ownerCannotLeave: 'Transfer ownership before leaving the organisation.',
  inviteNotFound: 'This invitation does not exist.',
  pendingInviteNotFound: 'This invitation does not exist or is not addressed to you.',
  inviteExpired: 'This invitation has expired. Ask the organisation to send it again.',
  inviteUsed: 'This invitation has already been accepted, declined or revoked.',
  emailNotVerified: 'Verify your e-mail address before accepting an invitation.',
  badCursor: 'The cursor is not valid: use the nextCursor of the previous page.',
} as const;

/**
 * Member management (invitations, role changes, removals, the audit trail) needs Admin or Owner. `refusal` names
 * what was refused: a change by default, a read's own text (MEMBER_READ_REFUSALS) for the reads.
 */
export function assertCanManageMembers(
  roles: readonly string[],
  refusal: string = MEMBER_MESSAGES.cannotManageMembers,
): void {
  if (!canManageMembers(roles)) {
    throw new HttpError(403, ERROR_CODES.forbidden, refusal);
  }
}

function notFound(message: string): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, message);
}

export function toMember(member: MemberDetails): Member {
  return {
    customerid: member.customerid,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    roles: [member.role],
    joinedAt: member.joinedAt.toISOString(),
  };
}

export function toWorkspaceInvite(invite: InviteDetails): WorkspaceInvite {
  return {
    inviteId: invite.id,
    email: invite.email,
    role: invite.role,
    invitedBy: invite.inviterEmail,
    invitedAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
  };
}

export function toPendingInvite(invite: InviteDetails): PendingInvite {
  return {
    inviteId: invite.id,
    workspace_id: invite.workspaceId,
    workspaceName: invite.workspaceName,
    email: invite.email,
    role: invite.role,
    invitedBy: invite.inviterEmail,
    invitedAt: invite.createdAt.toISOString(),
  };
}

export function toAuditEntry(row: AuditEventRow): AuditEntry {
  return {
    id: row.id,
    // A row of an action this version does not know still lists (the contract allows any string there).
    action: row.action,
    actor: { customerid: row.actorCustomerId, email: row.actorEmail },
    target: row.target,
    details: row.details,
    ipAddress: row.ipAddress,
    at: row.at.toISOString(),
  };
}

function audit(
  tx: Database,
  workspaceId: string,
  actor: Actor,
  action: AuditAction,
  target: string | null,
  at: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  return insertAuditEvent(tx, {
    workspaceId,
    actor: { customerId: actor.customerId, email: actor.email },
    action,
    target,
    details,
    ipAddress: actor.ipAddress,
    at,
  });
}

/**
 * A role change or removal, decided by the contract's owner invariant on the members as they are now: the
 * workspace row is locked (SELECT ... FOR UPDATE) first, so member changes of one workspace run one after the
 * other and two concurrent changes can never leave it without an Owner. The actor's roles are re-read too.
 */
export async function applyMemberChange(
  db: Database,
  workspaceId: string,
  change: MemberChange,
  actor: Actor,
  now: Date,
  /** Called after the commit with the members whose role changed or who were removed (docs/decisions/013). */
  onAccessChanged: (customerIds: string[]) => Promise<void> = async () => {},
): Promise<Member[]> {
  const changed: string[] = [];
  const after = await db.transaction(async (tx) => {
    if (!(await lockWorkspace(tx, workspaceId)))
      throw notFound(MEMBER_CHANGE_REASONS.memberNotFound);
    const members = (await listMembersOf(tx, [workspaceId])).map((member) => ({
      ...member,
      roles: [member.role],
    }));
    const actorRoles =
      members.find((member) => member.customerid === actor.customerId)?.roles ?? [];
    const result = evaluateMemberChange(members, change, actorRoles);
    if (!result.ok) {
      throw result.reason === MEMBER_CHANGE_REASONS.memberNotFound
        ? notFound(result.reason)
        : new HttpError(403, ERROR_CODES.forbidden, result.reason);
    }
    const emailOf = (customerid: string) =>
      members.find((member) => member.customerid === customerid)?.email ?? null;
    for (const update of result.roleUpdates) {
      const [role] = update.roles;
      const from = members.find((member) => member.customerid === update.customerid)?.role;
      if (role === undefined) continue;
      await setMemberRole(tx, workspaceId, update.customerid, role);
      await audit(tx, workspaceId, actor, 'member.role_changed', emailOf(update.customerid), now, {
        customerid: update.customerid,
        from,
        to: role,
      });
    }
    if (result.removed !== null) {
      await deleteMember(tx, workspaceId, result.removed);
      await audit(tx, workspaceId, actor, 'member.removed', emailOf(result.removed), now, {
        customerid: result.removed,
      });
    }
    changed.push(...result.roleUpdates.map((update) => update.customerid));
    if (result.removed !== null) changed.push(result.removed);
    return result.members.map((member) =>
      toMember({ ...member, role: member.roles[0] ?? member.role }),
    );
  });
  if (changed.length > 0) await onAccessChanged(changed);
  return after;
}

/** Leaving: anyone but the Owner (ownership must be transferred first). */
export async function leaveWorkspace(
  db: Database,
  workspaceId: string,
  actor: Actor,
  now: Date,
  /** Called after the commit (docs/decisions/013). */
  onLeft: () => Promise<void> = async () => {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const members = await listMembersOf(tx, [workspaceId]);
    const self = members.find((member) => member.customerid === actor.customerId);
    if (!self) throw notFound(MEMBER_CHANGE_REASONS.memberNotFound);
    if (self.role === 'Owner') {
      throw new HttpError(403, ERROR_CODES.forbidden, MEMBER_MESSAGES.ownerCannotLeave);
    }
    await deleteMember(tx, workspaceId, actor.customerId);
    await audit(tx, workspaceId, actor, 'member.left', self.email, now, {
      customerid: actor.customerId,
    });
  });
  await onLeft();
}

/** Shown when the invitation is stored but its e-mail could not be handed to the mail server. */
export const INVITE_MAIL_FAILED_MESSAGE =
  'The invitation was saved, but its e-mail could not be sent. Use Resend to try again.';

async function sendInviteMail(app: FastifyInstance, invite: InviteDetails): Promise<void> {
  const existingUser = (await app.identity.findUserByEmail(invite.email)) !== null;
  try {
    await app.mailer.send(
      inviteMail({
        to: invite.email,
        workspaceName: invite.workspaceName,
        inviter: invite.inviterEmail,
        role: invite.role,
        link: inviteLink(
          app.config.publicUrl,
          { id: invite.id, token: app.inviteTokens.tokenFor(invite) },
          existingUser,
        ),
        expiresAt: invite.expiresAt,
      }),
    );
  } catch (error) {
    // The invitation is committed; say what happened instead of a bare 500 (the cause is logged).
    app.log.error({ err: error, inviteId: invite.id }, 'Sending an invitation e-mail failed');
    throw new HttpError(503, ERROR_CODES.unavailable, INVITE_MAIL_FAILED_MESSAGE);
  }
}

/** Invites an e-mail: 409 while one is pending for it; an expired open invitation is replaced. */
export async function createInvite(
  app: FastifyInstance,
  workspaceId: string,
  input: { email: string; role: 'User' | 'Admin' },
  actor: Actor,
): Promise<WorkspaceInvite> {
  const now = app.clock();
  const email = input.email.toLowerCase();
  const inviteId = await app.db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    if (await isMemberEmail(tx, workspaceId, email)) {
      throw new HttpError(409, ERROR_CODES.conflict, MEMBER_MESSAGES.alreadyMember);
    }
    // A pending invitation is not sent again silently: Resend does that, on purpose (docs/decisions/018).
    // An expired one is replaced by the new invitation.
    if ((await listPendingInvitesOf(tx, workspaceId, email, now)).length > 0) {
      throw new HttpError(409, ERROR_CODES.conflict, MEMBER_MESSAGES.invitePending(email));
    }
    await revokeOpenInvitesFor(tx, workspaceId, email, now);
    const row = await insertInvite(tx, {
      workspaceId,
      email,
      role: input.role,
      invitedBy: actor.customerId,
      now,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    });
    await audit(tx, workspaceId, actor, 'invite.created', email, now, {
      inviteId: row.id,
      role: row.role,
    });
    return row.id;
  });
  const invite = await findInvite(app.db, inviteId);
  if (!invite) throw new Error('The invitation just created was not found');
  await sendInviteMail(app, invite);
  return toWorkspaceInvite(invite);
}

export async function revokeInvite(
  db: Database,
  workspaceId: string,
  inviteId: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const invite = await findOpenInviteOf(tx, workspaceId, inviteId);
    if (!invite) throw notFound(MEMBER_MESSAGES.inviteNotFound);
    await updateInvite(tx, inviteId, { revokedAt: now });
    await audit(tx, workspaceId, actor, 'invite.revoked', invite.email, now, { inviteId });
  });
}

/** Sends an open invitation again with a fresh 7-day expiry (an expired one is renewed). */
export async function resendInvite(
  app: FastifyInstance,
  workspaceId: string,
  inviteId: string,
  actor: Actor,
): Promise<WorkspaceInvite> {
  const now = app.clock();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const invite = await app.db.transaction(async (tx) => {
    const open = await findOpenInviteOf(tx, workspaceId, inviteId);
    if (!open) throw notFound(MEMBER_MESSAGES.inviteNotFound);
    await updateInvite(tx, inviteId, { expiresAt });
    await audit(tx, workspaceId, actor, 'invite.resent', open.email, now, { inviteId });
    return { ...open, expiresAt };
  });
  await sendInviteMail(app, invite);
  return toWorkspaceInvite(invite);
}

/**
 * The invitation addressed to the caller's verified e-mail, locked and still usable; else 403 (unverified),
 * 404 (unknown or someone else's: the same answer, so invitations cannot be probed) or 410 (used or expired).
 */
async function usableInviteFor(
  tx: Database,
  inviteId: string,
  user: { email: string; emailVerified: boolean },
  now: Date,
): Promise<InviteDetails> {
  if (!user.emailVerified) {
    throw new HttpError(403, ERROR_CODES.forbidden, MEMBER_MESSAGES.emailNotVerified);
  }
  const invite = await findInvite(tx, inviteId, { forUpdate: true });
  if (!invite || invite.email !== user.email.toLowerCase()) {
    throw notFound(MEMBER_MESSAGES.pendingInviteNotFound);
  }
  if (invite.acceptedAt || invite.declinedAt || invite.revokedAt) {
    throw new HttpError(410, ERROR_CODES.notFound, MEMBER_MESSAGES.inviteUsed);
  }
  if (invite.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(410, ERROR_CODES.notFound, MEMBER_MESSAGES.inviteExpired);
  }
  return invite;
}

export async function acceptInvite(
  db: Database,
  inviteId: string,
  user: { email: string; emailVerified: boolean },
  actor: Actor,
  now: Date,
): Promise<{ workspace_id: string }> {
  return db.transaction(async (tx) => {
    const invite = await usableInviteFor(tx, inviteId, user, now);
    await lockWorkspace(tx, invite.workspaceId);
    await updateInvite(tx, inviteId, { acceptedAt: now });
    const members = await listMembersOf(tx, [invite.workspaceId]);
    if (!members.some((member) => member.customerid === actor.customerId)) {
      await insertMember(tx, {
        workspaceId: invite.workspaceId,
        customerId: actor.customerId,
        role: invite.role,
        now,
      });
      await audit(tx, invite.workspaceId, actor, 'member.joined', invite.email, now, {
        inviteId,
        role: invite.role,
      });
    }
    return { workspace_id: invite.workspaceId };
  });
}

export async function declineInvite(
  db: Database,
  inviteId: string,
  user: { email: string; emailVerified: boolean },
  actor: Actor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const invite = await usableInviteFor(tx, inviteId, user, now);
    await updateInvite(tx, inviteId, { declinedAt: now });
    await audit(tx, invite.workspaceId, actor, 'invite.declined', invite.email, now, { inviteId });
  });
}

/** The audit trail cursor: the last entry's (at, id), opaque to clients. */
export function encodeAuditCursor(row: Pick<AuditEventRow, 'at' | 'id'>): string {
  return Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeAuditCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime())) {
    throw new HttpError(400, ERROR_CODES.validation, MEMBER_MESSAGES.badCursor, {
      issues: [{ path: 'query.before', message: MEMBER_MESSAGES.badCursor }],
    });
  }
  return { at: date, id };
}
