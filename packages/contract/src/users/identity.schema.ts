import { z } from 'zod';
import { emailSchema, passwordSchema, requiredText } from '../common/fields';

/**
 * The identity provider's operations (spec section 7 "Identity provider": login with realm,
 * username and password; popup social login with a connection; user info; signup; password
 * reset by e-mail; logout). Request and response details are "not shown" in the spec: these
 * shapes are ours (docs/decisions/007-identity.md). Signup and user info are POST/GET /v3/user.
 */

/** The only realm of the embedded identity provider: e-mail and password accounts. */
export const PASSWORD_REALM = 'Username-Password-Authentication';

export const loginRequestSchema = z.strictObject({
  realm: z.literal(PASSWORD_REALM).default(PASSWORD_REALM),
  /** The account's e-mail address. */
  username: emailSchema,
  /** Not checked against the password rules: an old password must still be able to log in. */
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** A session: the same token is the `auth` cookie and the `Authorization: Bearer` value. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  /** Unix milliseconds. */
  expiresAt: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.strictObject({
  token: requiredText('Reset token', 512),
  password: passwordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const verifyEmailConfirmQuerySchema = z.object({ token: requiredText('Token', 512) });

/** A configured social or enterprise (SSO) connection, for the login screen's buttons. */
export const connectionSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  kind: z.enum(['social', 'sso']),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({ connections: z.array(connectionSchema) });

export const ssoLookupRequestSchema = z.strictObject({ email: emailSchema });
export const ssoLookupResponseSchema = z.object({ connection: z.string().nullable() });

export const connectionParamsSchema = z.object({
  connection: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'A connection name is lower-case letters, digits and -'),
});

/** Where the provider's callback sends the browser: a same-site path only. */
export const authorizeQuerySchema = z.object({
  returnTo: z
    .string()
    .regex(/^\/(?!\/)/, 'returnTo must be a path on this site')
    .max(2048)
    .optional(),
});
