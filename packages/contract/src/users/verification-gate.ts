import type { RouteAccess } from '../api/define-route';

/**
 * The onboarding gate's first rule on the server (spec section 4: "a logged-in user without a verified e-mail goes
 * to /onboarding/verify-email"). The web applies it to pages; the server applies it to every signed-in route, so a
 * never-verified account can neither run services nor mail invitations through the API (issue 25, item 4;
 * docs/decisions/035).
 *
 * An allow-list, not a deny-list: a route added later is gated unless it is named here on purpose.
 */
export const UNVERIFIED_ALLOWED_OPERATIONS = [
  // The verify-email page reads the user (to learn when the click on the mail's link has landed) ...
  'getUser',
  // ... and sends the verification mail again.
  'verifyEmail',
  // The consent banner is on every page: a privacy choice is recorded whoever makes it.
  'getConsent',
  'updateConsent',
  // The account is the person's own: they may secure it or close it (a mistyped address is closed and signed up
  // again) before proving the address.
  'changePassword',
  'deleteUser',
  // A marketplace buyer connects the subscription they came with before the mail is read (spec section 4 lets
  // /aws/signup be seen without an account): the registration token is short-lived and the marketplace, not the
  // address, vouches for the buyer and bills the organisation. Their next page is the verify-email step all the same.
  'marketplaceSignup',
] as const;

/** 403 code and message of a gated route (the web sends such a user to /onboarding/verify-email anyway). */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your e-mail address first: open the link in the e-mail we sent you, or ask for a new one.';

/**
 * Whether a signed-in caller may call the route. Public routes ask nothing of a caller; every other route needs a
 * verified e-mail unless the allow-list names it.
 */
export function mayCallRoute(input: {
  operationId: string;
  access: RouteAccess;
  emailVerified: boolean;
}): boolean {
  if (input.access === 'public' || input.emailVerified) return true;
  return (UNVERIFIED_ALLOWED_OPERATIONS as readonly string[]).includes(input.operationId);
}
