import { z } from 'zod';
import { messageReplySchema, noContentSchema } from '../../common/fields';
import {
  changePasswordRequestSchema,
  createUserRequestSchema,
  updateUserRequestSchema,
  userSchema,
  verifyEmailResponseSchema,
} from '../../users/user.schema';
import { pendingInviteListSchema } from '../../workspaces/workspace.schema';
import {
  progressRecordSchema,
  putProgressRecordRequestSchema,
} from '../../tours/progress-record.schema';
import { defineRoute } from '../define-route';
import { stageNameParamsSchema } from './params';

const tags = ['user'] as const;

/** Spec section 7 "User". */
export const userRoutes = {
  createUser: defineRoute({
    method: 'POST',
    path: '/v3/user',
    summary: 'Sign up: e-mail and password, or complete a single sign-on account (context sso)',
    tags,
    access: 'public',
    body: createUserRequestSchema,
    responses: { 201: userSchema },
  }),
  getUser: defineRoute({
    method: 'GET',
    path: '/v3/user',
    summary: 'The signed-in user',
    tags,
    access: 'user',
    responses: { 200: userSchema },
  }),
  updateUser: defineRoute({
    method: 'PUT',
    path: '/v3/user',
    summary: "Update the signed-in user's profile and onboarding details",
    tags,
    access: 'user',
    body: updateUserRequestSchema,
    responses: { 200: userSchema },
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/v3/user',
    summary: "Delete the signed-in user's account",
    tags,
    access: 'user',
    responses: { 204: noContentSchema },
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/v3/user/change-password',
    summary: "Change the signed-in user's password",
    tags,
    access: 'user',
    body: changePasswordRequestSchema,
    responses: { 200: messageReplySchema },
  }),
  verifyEmail: defineRoute({
    method: 'GET',
    path: '/v3/user/verify-email',
    summary: 'Report e-mail verification and re-send the verification e-mail when unverified',
    tags,
    access: 'user',
    responses: { 200: verifyEmailResponseSchema },
  }),
  listPendingInvites: defineRoute({
    method: 'GET',
    path: '/v3/user/pending-invites',
    summary: 'Workspace invitations waiting for the signed-in user',
    tags,
    access: 'user',
    responses: { 200: pendingInviteListSchema },
  }),
  listProgressRecords: defineRoute({
    method: 'GET',
    path: '/v3/user/progress-records',
    summary: "The signed-in user's tour progress records",
    tags,
    access: 'user',
    responses: { 200: z.array(progressRecordSchema) },
  }),
  putProgressRecord: defineRoute({
    method: 'PUT',
    path: '/v3/user/progress-records/{stageName}',
    summary: 'Create or replace a tour progress record',
    tags,
    access: 'user',
    params: stageNameParamsSchema,
    body: putProgressRecordRequestSchema,
    responses: { 200: progressRecordSchema },
  }),
  deleteProgressRecord: defineRoute({
    method: 'DELETE',
    path: '/v3/user/progress-records/{stageName}',
    summary: 'Delete a tour progress record (the tour becomes PENDING again)',
    tags,
    access: 'user',
    params: stageNameParamsSchema,
    responses: { 204: noContentSchema },
  }),
} as const;
