import { z } from 'zod';
import { noContentSchema } from '../../common/fields';
import {
  acceptInviteResponseSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  changeMemberRoleRequestSchema,
  createInviteRequestSchema,
  inviteParamsSchema,
  memberParamsSchema,
  memberSchema,
  pendingInviteParamsSchema,
  workspaceInviteSchema,
} from '../../members/member.schema';
import { invitePreviewSchema } from '../../members/invite-preview.schema';
import { defineRoute } from '../define-route';
import { workspaceParamsSchema } from './params';

const tags = ['members'] as const;

/**
 * Members, invitations and the audit trail (spec section 2 members area; shapes are ours). Who may
 * change whom is the contract's owner invariant (members/owner-invariant.ts) and
 * `canManageMembers`; every route is also limited to members of the workspace.
 */
export const memberRoutes = {
  listMembers: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/members',
    summary: "The workspace's members with their roles",
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    responses: { 200: z.array(memberSchema) },
  }),
  changeMemberRole: defineRoute({
    method: 'PUT',
    path: '/v3/workspace/{workspaceId}/members/{customerid}/role',
    summary: "Change a member's role (making someone Owner transfers ownership)",
    tags,
    access: 'workspace',
    params: memberParamsSchema,
    body: changeMemberRoleRequestSchema,
    responses: { 200: z.array(memberSchema) },
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/v3/workspace/{workspaceId}/members/{customerid}',
    summary: 'Remove a member who is not the Owner',
    tags,
    access: 'workspace',
    params: memberParamsSchema,
    responses: { 204: noContentSchema },
  }),
  leaveWorkspace: defineRoute({
    method: 'POST',
    path: '/v3/workspace/{workspaceId}/leave',
    summary: 'Leave the workspace (the Owner must transfer ownership first)',
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    responses: { 204: noContentSchema },
  }),
  listInvites: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/invites',
    summary: "The workspace's pending invitations (Admin and Owner)",
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    responses: { 200: z.array(workspaceInviteSchema) },
  }),
  createInvite: defineRoute({
    method: 'POST',
    path: '/v3/workspace/{workspaceId}/invites',
    summary: 'Invite someone by e-mail with a role (Admin and Owner)',
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    body: createInviteRequestSchema,
    responses: { 201: workspaceInviteSchema },
  }),
  revokeInvite: defineRoute({
    method: 'DELETE',
    path: '/v3/workspace/{workspaceId}/invites/{inviteId}',
    summary: 'Revoke a pending invitation (Admin and Owner)',
    tags,
    access: 'workspace',
    params: inviteParamsSchema,
    responses: { 204: noContentSchema },
  }),
  resendInvite: defineRoute({
    method: 'POST',
    path: '/v3/workspace/{workspaceId}/invites/{inviteId}/resend',
    summary: 'Send the invitation e-mail again with a fresh link and expiry (Admin and Owner)',
    tags,
    access: 'workspace',
    params: inviteParamsSchema,
    responses: { 200: workspaceInviteSchema },
  }),
  getInvitePreview: defineRoute({
    method: 'GET',
    path: '/v3/invites/{inviteId}',
    summary:
      'What the sign-up page shows for an invitation link: team, inviter and invited e-mail (rate-limited; 404 when unknown, expired or used)',
    tags,
    access: 'public',
    params: pendingInviteParamsSchema,
    responses: { 200: invitePreviewSchema },
  }),
  acceptInvite: defineRoute({
    method: 'POST',
    path: '/v3/user/pending-invites/{inviteId}/accept',
    summary: "Accept an invitation addressed to the signed-in user's e-mail",
    tags,
    access: 'user',
    params: pendingInviteParamsSchema,
    responses: { 200: acceptInviteResponseSchema },
  }),
  declineInvite: defineRoute({
    method: 'POST',
    path: '/v3/user/pending-invites/{inviteId}/decline',
    summary: "Decline an invitation addressed to the signed-in user's e-mail",
    tags,
    access: 'user',
    params: pendingInviteParamsSchema,
    responses: { 204: noContentSchema },
  }),
  listAuditLog: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/audit-log',
    summary:
      'Changes to the workspace, its members and invitations, newest first (Admin and Owner)',
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    query: auditLogQuerySchema,
    responses: { 200: auditLogPageSchema },
  }),
} as const;
