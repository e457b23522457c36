import { z } from 'zod';

/**
 * The AWS Marketplace signup (spec section 2 "/aws/signup"; issue 13, docs/decisions/026). The marketplace POSTs its
 * form field `x-amzn-marketplace-token` to the server's `/aws/signup` landing, which sends the browser on to the SPA's
 * `/aws/signup?token=…`; the signed-in user then connects the subscription with POST /v3/marketplace/signup.
 */

/** The form field AWS Marketplace posts to the seller's fulfilment URL. Wire name: never rename. */
export const MARKETPLACE_TOKEN_FORM_FIELD = 'x-amzn-marketplace-token';

/** The query parameter the server's landing hands the token to the SPA page with. */
export const MARKETPLACE_TOKEN_QUERY_PARAM = 'token';

/** The path of both the server's form landing (POST) and the SPA page (GET). */
export const MARKETPLACE_SIGNUP_PATH = '/aws/signup';
export const MARKETPLACE_EXPIRED_PATH = '/aws/expired';

/**
 * A registration token: opaque to us (AWS's are long base64-like strings), bounded so a pasted page cannot pass, and
 * limited to printable characters without spaces.
 */
export const registrationTokenSchema = z
  .string()
  .trim()
  .min(1, 'The registration token is missing')
  .max(4096, 'The registration token is too long')
  .regex(/^[\x21-\x7e]+$/, 'The registration token is not valid');

export const marketplaceSignupRequestSchema = z.strictObject({
  registrationToken: registrationTokenSchema,
});
export type MarketplaceSignupRequest = z.infer<typeof marketplaceSignupRequestSchema>;

export const marketplaceSignupResponseSchema = z.object({
  workspace_id: z.string(),
  /** True when this call created the organisation; false when the subscription was already connected. */
  created: z.boolean(),
});
export type MarketplaceSignupResponse = z.infer<typeof marketplaceSignupResponseSchema>;

/** Section 8-style texts of the signup's failures (shown on the /aws/signup page). */
export const MARKETPLACE_MESSAGES = {
  invalidToken:
    'This AWS Marketplace registration link is not valid or has expired. Open Herald Cloud from your AWS Marketplace subscription again to get a new one.',
  otherOrganisation:
    'This AWS Marketplace subscription is already connected to an organisation you are not a member of. Ask its owner to invite you.',
  unavailable:
    'AWS Marketplace could not be reached to confirm your subscription. Please try again in a few minutes.',
  expired:
    'Your AWS Marketplace subscription has ended. Subscribe again on AWS Marketplace to use this organisation.',
} as const;
