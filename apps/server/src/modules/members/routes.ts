import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { MEMBER_READ_REFUSALS } from '@herald/contract/members/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { requireSession } from '../../plugins/auth';
import { registerRoute, workspaceRolesOf } from '../../plugins/route-registry';
import { NO_PROFILE_MESSAGE } from '../user/routes';
import { listMembersOf } from '../workspace/workspace.repository';
import { actorOf } from '../workspace/workspace.service';
import { enforceRateLimit } from '../../plugins/rate-limit';
import { INVITE_UNUSABLE_MESSAGE, toInvitePreview } from './invite-preview';
import { findUsableInvitePreview } from './invite-preview.repository';
import { listAuditEvents, listOpenInvites, listPendingInvitesFor } from './members.repository';
import { revokeDashboardAccess } from './member-rights-sync';
import {
  acceptInvite,
  applyMemberChange,
  assertCanManageMembers,
  createInvite,
  declineInvite,
  decodeAuditCursor,
  encodeAuditCursor,
  leaveWorkspace,
  resendInvite,
  revokeInvite,
  toAuditEntry,
  toMember,
  toPendingInvite,
  toWorkspaceInvite,
} from './members.service';

/** The signed-in user's e-mail and whether it is verified. */
async function identityOf(app: FastifyInstance, request: FastifyRequest) {
  const { userId } = requireSession(request);
  const user = await app.identity.getUser(userId);
  if (!user) throw new HttpError(404, ERROR_CODES.notFound, NO_PROFILE_MESSAGE);
  return user;
}

/** Members, invitations and the audit trail (contract api/routes/members.ts); membership is the guard's. */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  // A changed or removed member's dashboard tokens end on every service of the workspace (docs/decisions/013).
  const revokeIn = (workspaceId: string) => async (customerIds: string[]) => {
    for (const customerId of customerIds) {
      await revokeDashboardAccess(app, { customerId, workspaceIds: [workspaceId] });
    }
  };

  registerRoute(app, routes.listMembers, async (request) => {
    return (await listMembersOf(app.db, [request.params.workspaceId])).map(toMember);
  });

  registerRoute(app, routes.changeMemberRole, async (request) => {
    const { workspaceId, customerid } = request.params;
    assertCanManageMembers(workspaceRolesOf(request));
    const actor = await actorOf(app, request);
    return applyMemberChange(
      app.db,
      workspaceId,
      { kind: 'changeRole', customerid, role: request.body.role },
      actor,
      app.clock(),
      revokeIn(workspaceId),
    );
  });

  registerRoute(app, routes.removeMember, async (request, reply) => {
    const { workspaceId, customerid } = request.params;
    assertCanManageMembers(workspaceRolesOf(request));
    const actor = await actorOf(app, request);
    await applyMemberChange(
      app.db,
      workspaceId,
      { kind: 'remove', customerid },
      actor,
      app.clock(),
      revokeIn(workspaceId),
    );
    return reply.code(204).send();
  });

  registerRoute(app, routes.leaveWorkspace, async (request, reply) => {
    const actor = await actorOf(app, request);
    const { workspaceId } = request.params;
    await leaveWorkspace(app.db, workspaceId, actor, app.clock(), () =>
      revokeIn(workspaceId)([actor.customerId]),
    );
    return reply.code(204).send();
  });

  registerRoute(app, routes.listInvites, async (request) => {
    assertCanManageMembers(workspaceRolesOf(request), MEMBER_READ_REFUSALS.invites);
    return (await listOpenInvites(app.db, request.params.workspaceId)).map(toWorkspaceInvite);
  });

  registerRoute(app, routes.createInvite, async (request, reply) => {
    assertCanManageMembers(workspaceRolesOf(request));
    const actor = await actorOf(app, request);
    const invite = await createInvite(app, request.params.workspaceId, request.body, actor);
    reply.code(201);
    return invite;
  });

  registerRoute(app, routes.revokeInvite, async (request, reply) => {
    const { workspaceId, inviteId } = request.params;
    assertCanManageMembers(workspaceRolesOf(request));
    const actor = await actorOf(app, request);
    await revokeInvite(app.db, workspaceId, inviteId, actor, app.clock());
    return reply.code(204).send();
  });

  registerRoute(app, routes.resendInvite, async (request) => {
    const { workspaceId, inviteId } = request.params;
    assertCanManageMembers(workspaceRolesOf(request));
    const actor = await actorOf(app, request);
    return resendInvite(app, workspaceId, inviteId, actor);
  });

  registerRoute(app, routes.listPendingInvites, async (request) => {
    const user = await identityOf(app, request);
    // Only a verified address proves the invitation is the user's (docs/decisions/009).
    if (!user.emailVerified) return [];
    const invites = await listPendingInvitesFor(app.db, user.email.toLowerCase(), app.clock());
    return invites.map(toPendingInvite);
  });

  registerRoute(app, routes.getInvitePreview, async (request) => {
    const { inviteId } = request.params;
    await enforceRateLimit(app.db, request, 'invitePreview', inviteId, app.clock());
    const preview = await findUsableInvitePreview(app.db, inviteId, app.clock());
    // Unknown, expired and used invitations answer alike: the link tells nothing more (docs/decisions/018).
    if (!preview) throw new HttpError(404, ERROR_CODES.notFound, INVITE_UNUSABLE_MESSAGE);
    return toInvitePreview(preview);
  });

  registerRoute(app, routes.acceptInvite, async (request) => {
    const user = await identityOf(app, request);
    const actor = await actorOf(app, request);
    return acceptInvite(app.db, request.params.inviteId, user, actor, app.clock());
  });

  registerRoute(app, routes.declineInvite, async (request, reply) => {
    const user = await identityOf(app, request);
    const actor = await actorOf(app, request);
    await declineInvite(app.db, request.params.inviteId, user, actor, app.clock());
    return reply.code(204).send();
  });

  registerRoute(app, routes.listAuditLog, async (request) => {
    assertCanManageMembers(workspaceRolesOf(request), MEMBER_READ_REFUSALS.auditLog);
    const { limit, before } = request.query;
    const rows = await listAuditEvents(app.db, request.params.workspaceId, {
      limit: limit + 1,
      ...(before !== undefined && { before: decodeAuditCursor(before) }),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map(toAuditEntry),
      nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null,
    };
  });
}
