import { z } from 'zod';

/** Machine-readable error codes of the error envelope. Wire values: never rename. */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  /** Login with a wrong password or an unknown account (one code for both: no account enumeration). */
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** Sign-up refused; the message is AUTH_MESSAGES.signupEmailSent (spec section 8, "Signup with status 400"). */
  signupFailed: 'SIGNUP_FAILED',
  forbidden: 'FORBIDDEN',
  /** A signed-in route refused to an account whose e-mail is not verified yet (users/verification-gate.ts). */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  paymentRequired: 'PAYMENT_REQUIRED',
  /** A charge failed while changing a plan: status 500 with SERVICE_MESSAGES.errorUpdatingSubscription (section 8). */
  paymentFailed: 'PAYMENT_FAILED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** 431: the request line and headers are over the server's limit (Node's HTTP parser refuses them). */
  headersTooLarge: 'HEADERS_TOO_LARGE',
  /** 408: the request did not arrive in full within the server's request timeout. */
  requestTimeout: 'REQUEST_TIMEOUT',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const errorIssueSchema = z.object({
  /** Dotted location of the bad value, e.g. `body.name` or `query.from`. */
  path: z.string(),
  message: z.string(),
});

/** Every failure of the API has this shape (docs/decisions/003-error-envelope.md). */
export const errorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
  issues: z.array(errorIssueSchema).optional(),
});

export type ErrorIssue = z.infer<typeof errorIssueSchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The generic text of every 5xx: details stay in the server log under the request id. */
export const INTERNAL_ERROR_MESSAGE = 'An internal error occurred. Please try again later.';
