import { z } from 'zod';
import { emailSchema, optionalText, passwordSchema, requiredText } from '../common/fields';

/**
 * The user's sign-up metadata (spec section 3: signUpDate and the UTM parameters of the
 * landing page). Wire names are the UTM query parameter names.
 */
export const userMetadataSchema = z.object({
  signUpDate: z.iso
    .datetime({ offset: true, error: 'signUpDate must be an ISO 8601 date-time' })
    .optional(),
  utm_source: optionalText('utm_source', 200),
  utm_medium: optionalText('utm_medium', 200),
  utm_campaign: optionalText('utm_campaign', 200),
  utm_term: optionalText('utm_term', 200),
  utm_content: optionalText('utm_content', 200),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;

/**
 * User, spec section 3, as GET /v3/user returns it.
 *
 * Alternate spellings: the spec lists `email_verified / emailValidated` and
 * `provider / authProvider`. The first spelling is canonical and always sent; the alternate is
 * optional, and when present it carries the same value (kept for clients written against it).
 */
export const userSchema = z.object({
  customerid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  /** Alias of `email_verified`. */
  emailValidated: z.boolean().optional(),
  company: z.string().nullable(),
  /** Ids of the services the user can reach. */
  services: z.array(z.string()),
  /** Ids of the billing subscriptions of the user's workspaces (used by the invoices call). */
  subscriptions: z.array(z.string()),
  setupComplete: z.boolean(),
  detailsComplete: z.boolean(),
  /**
   * Id of the user's first service, null before one exists. The onboarding gate (section 4)
   * checks its presence; first-service readiness polls its status.
   */
  firstService: z.string().nullable(),
  /** How the user signs in: `password`, a social connection name, or `sso`. */
  provider: z.string(),
  /** Alias of `provider`. */
  authProvider: z.string().optional(),
  metadata: userMetadataSchema,
  /**
   * The control plane's access token (a JWT) for the messaging client session (section 7), which
   * the service runtime verifies. Sent by GET /v3/user; absent elsewhere.
   */
  accessToken: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** POST /v3/user, e-mail and password sign-up (spec section 7 "signup payload with metadata"). */
export const signupRequestSchema = z.strictObject({
  /** Absent for the password sign-up; lets one route take both variants as a discriminated union. */
  context: z.literal('password').optional(),
  email: emailSchema,
  password: passwordSchema,
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  company: optionalText('Company'),
  metadata: userMetadataSchema.optional(),
  /**
   * The invitation the person signs up from: its id and the token of the invitation mail's link. When the token is
   * the one mailed to this same address, the mail proved the address: the e-mail counts as verified and the
   * invitation is accepted with the sign-up (issue 25 item 22, docs/decisions/035). Otherwise it is ignored and the
   * sign-up is an ordinary one.
   */
  invite: z
    .strictObject({
      id: requiredText('Invitation', 100),
      token: requiredText('Invitation token', 200),
    })
    .optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * POST /v3/user, single sign-on variant (section 7: "sends emailConsent, context sso, and
 * metadata"). Identity (e-mail, names) comes from the SSO session, so no password is sent.
 */
export const ssoSignupRequestSchema = z.strictObject({
  context: z.literal('sso'),
  emailConsent: z.boolean({ error: 'emailConsent must be true or false' }),
  metadata: userMetadataSchema.optional(),
});
export type SsoSignupRequest = z.infer<typeof ssoSignupRequestSchema>;

export const createUserRequestSchema = z.discriminatedUnion('context', [
  signupRequestSchema,
  ssoSignupRequestSchema,
]);
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/**
 * PUT /v3/user {updates}: the profile and onboarding-details fields a user may change. E-mail,
 * verification and completion flags are the server's to derive, so they are not accepted here
 * (a strict object rejects them with a clear issue instead of ignoring them).
 */
export const updateUserRequestSchema = z
  .strictObject({
    firstName: requiredText('First name').optional(),
    lastName: requiredText('Last name').optional(),
    company: optionalText('Company'),
    /** Set by the onboarding flow once the user has finished it. */
    setupComplete: z.boolean().optional(),
    metadata: userMetadataSchema.optional(),
  })
  .refine((updates) => Object.values(updates).some((value) => value !== undefined), {
    message: 'Provide at least one field to update',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** PUT /v3/user/change-password {password}. */
export const changePasswordRequestSchema = z.strictObject({ password: passwordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * GET /v3/user/verify-email: reports whether the e-mail is verified and, when it is not, sends a
 * fresh verification e-mail (the onboarding verify-email step's "resend").
 */
export const verifyEmailResponseSchema = z.object({
  email_verified: z.boolean(),
  verificationEmailSent: z.boolean(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
