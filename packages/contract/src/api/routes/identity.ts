import { z } from 'zod';
import { messageReplySchema, noContentSchema } from '../../common/fields';
import {
  authorizeQuerySchema,
  connectionListSchema,
  connectionParamsSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionSchema,
  ssoLookupRequestSchema,
  ssoLookupResponseSchema,
  verifyEmailConfirmQuerySchema,
} from '../../users/identity.schema';
import { defineRoute } from '../define-route';

const tags = ['identity'] as const;

/** The embedded identity provider (spec section 7 "Identity provider"; shapes are ours). */
export const identityRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/v3/auth/login',
    summary: 'Log in with realm, username (e-mail) and password; sets the auth cookie',
    tags,
    access: 'public',
    body: loginRequestSchema,
    responses: { 200: sessionSchema },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/v3/auth/logout',
    summary: 'Log out: revoke the session and clear the auth cookie',
    tags,
    access: 'public',
    responses: { 204: noContentSchema },
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/v3/auth/password-reset',
    summary: 'E-mail a password reset link (the same answer whether or not the account exists)',
    tags,
    access: 'public',
    body: passwordResetRequestSchema,
    responses: { 202: messageReplySchema },
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/v3/auth/password-reset/confirm',
    summary: "Set a new password with a reset token; revokes the account's sessions",
    tags,
    access: 'public',
    body: passwordResetConfirmSchema,
    responses: { 204: noContentSchema },
  }),
  confirmEmail: defineRoute({
    method: 'GET',
    path: '/v3/auth/verify-email',
    summary: 'The link in the verification e-mail: marks the e-mail verified, then redirects',
    tags,
    access: 'public',
    query: verifyEmailConfirmQuerySchema,
    responses: { 302: noContentSchema },
  }),
  listConnections: defineRoute({
    method: 'GET',
    path: '/v3/auth/connections',
    summary: 'The social and single sign-on connections configured by the operator',
    tags,
    access: 'public',
    responses: { 200: connectionListSchema },
  }),
  lookupSsoConnection: defineRoute({
    method: 'POST',
    path: '/v3/auth/sso/lookup',
    summary: "The single sign-on connection for an e-mail's domain, if any",
    tags,
    access: 'public',
    body: ssoLookupRequestSchema,
    responses: { 200: ssoLookupResponseSchema },
  }),
  authorize: defineRoute({
    method: 'GET',
    path: '/v3/auth/authorize/{connection}',
    summary:
      'Start a social or single sign-on login (opened in a popup); redirects to the provider',
    tags,
    access: 'public',
    params: connectionParamsSchema,
    query: authorizeQuerySchema,
    responses: { 302: noContentSchema },
  }),
  authorizeCallback: defineRoute({
    method: 'GET',
    path: '/v3/auth/callback/{connection}',
    summary: "The provider's redirect back: creates the session, then redirects to /login/callback",
    tags,
    access: 'public',
    params: connectionParamsSchema,
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
    }),
    responses: { 302: noContentSchema },
  }),
} as const;
