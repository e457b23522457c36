import { EXPIRED_MARKETPLACE_STATUSES } from '../constants';

/**
 * The onboarding gate of spec section 4: where a visitor may go, given who they are. The web
 * router calls it on every navigation; the outcome is either allow or one redirect.
 */

/** Pages an unauthenticated visitor may see (spec section 4). */
export const PUBLIC_PATHS = [
  '/',
  '/login/callback',
  '/signup',
  '/reset-password',
  '/aws/signup',
  '/track/events',
] as const;

export const GATE_PATHS = {
  home: '/',
  verifyEmail: '/onboarding/verify-email',
  details: '/onboarding/details',
  considerInvite: '/onboarding/consider-invite',
  emailVerified: '/login/email-verified',
  workspace: '/workspace',
  marketplaceExpired: '/aws/expired',
} as const;

/**
 * Pages the gate never redirects away from: event tracking is not a step of the user's journey,
 * and the marketplace signup landing must receive its registration token whatever the visitor's
 * state (a logged-in user links a marketplace subscription there).
 */
export const ALWAYS_ALLOWED_PATHS = ['/track/events', '/aws/signup'] as const;

/** An expired marketplace subscription sends these paths (and everything under them) to /aws/expired. */
export const MARKETPLACE_EXPIRY_GUARDED_PREFIXES = [
  '/service',
  '/workspace',
  '/onboarding',
] as const;

export interface OnboardingGateUser {
  emailVerified: boolean;
  detailsComplete: boolean;
  /** Accepted because it is part of the user; the gate does not consult it (section 4 does not). */
  setupComplete?: boolean;
  firstService: boolean;
}

export interface OnboardingGateInput {
  /** The logged-in user, or null for an unauthenticated visitor. */
  user: OnboardingGateUser | null;
  hasPendingInvites: boolean;
  /** The workspace's awsMarketplaceSubscriptionStatus, if it is a marketplace organisation. */
  marketplaceSubscriptionStatus?: string | null;
  /** The wanted path; it may carry its own `?search`. */
  path: string;
  /** The wanted path's search string (`?a=b`), appended to `path` when given. */
  search?: string;
  /** The path remembered when an unauthenticated visit was sent to /, if any. */
  rememberedPath?: string | null;
}

export type OnboardingGateDecision =
  | { action: 'allow'; forgetRememberedPath?: true }
  | {
      action: 'redirect';
      to: string;
      /** Store this path to return to after login. */
      remember?: string;
      /** Clear the remembered path (it was used, or it is unusable). */
      forgetRememberedPath?: true;
    };

/** The pathname of a path with search or hash, without trailing slashes (`/signup/?a` → `/signup`). */
function pathnameOf(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function isAtOrUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** True for the pages an unauthenticated visitor may see; search, hash and a trailing slash are ignored. */
export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathnameOf(path));
}

/** Spec section 4: expired means subscribe-fail or unsubscribe-success. */
export function isMarketplaceSubscriptionExpired(status: string | null | undefined): boolean {
  return (
    typeof status === 'string' &&
    (EXPIRED_MARKETPLACE_STATUSES as readonly string[]).includes(status)
  );
}

/** The "login, signup" pages of section 4: /, /signup, /reset-password and everything under /login. */
function isLoginPage(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/signup' ||
    pathname === '/reset-password' ||
    isAtOrUnder(pathname, '/login')
  );
}

function isOnboardingPage(pathname: string): boolean {
  return isAtOrUnder(pathname, '/onboarding');
}

function isExpiryGuarded(pathname: string): boolean {
  return MARKETPLACE_EXPIRY_GUARDED_PREFIXES.some((prefix) => isAtOrUnder(pathname, prefix));
}

/** Only a same-origin absolute path may be remembered and returned to (no `//host` open redirect). */
function isSafeInAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

const allow: OnboardingGateDecision = { action: 'allow' };

/**
 * The gate for a logged-in user, without the remembered path. Checks in this order, first match
 * wins:
 * 1. always-allowed pages (/track/events, /aws/signup);
 * 2. e-mail not verified → /onboarding/verify-email; that page and /login/email-verified (the
 *    verification landing, which refreshes a stale user) stay open;
 * 3. expired marketplace subscription: /aws/expired stays open and /service, /workspace,
 *    /onboarding paths go to /aws/expired; it comes before the details check so an expired
 *    organisation's members are told why rather than sent through onboarding;
 * 4. details incomplete → /onboarding/details (the /login/email-verified landing stays open, so the
 *    click on the mail's link is confirmed first); users with pending invites may open
 *    /onboarding/consider-invite and /workspace paths and are sent to consider-invite otherwise;
 * 5. complete user: login pages (/, /signup, /reset-password, /login/...) → /workspace (but the
 *    /login/email-verified landing stays open until the first service), and
 *    onboarding pages too once the user has a first service; a complete user without a first
 *    service may still open onboarding pages (e.g. to consider an invite);
 * 6. otherwise allow.
 * A redirect that would land on an expiry-guarded path goes straight to /aws/expired instead.
 */
function decideForUser(
  user: OnboardingGateUser,
  input: OnboardingGateInput,
  pathname: string,
): OnboardingGateDecision {
  if ((ALWAYS_ALLOWED_PATHS as readonly string[]).includes(pathname)) return allow;

  if (!user.emailVerified) {
    return pathname === GATE_PATHS.verifyEmail || pathname === GATE_PATHS.emailVerified
      ? allow
      : { action: 'redirect', to: GATE_PATHS.verifyEmail };
  }

  const isExpired = isMarketplaceSubscriptionExpired(input.marketplaceSubscriptionStatus);
  const redirect = (to: string): OnboardingGateDecision => ({
    action: 'redirect',
    to: isExpired && isExpiryGuarded(to) ? GATE_PATHS.marketplaceExpired : to,
  });
  if (isExpired) {
    if (pathname === GATE_PATHS.marketplaceExpired) return allow;
    if (isExpiryGuarded(pathname)) return redirect(GATE_PATHS.marketplaceExpired);
  }

  if (!user.detailsComplete) {
    // The verification landing confirms the click on the mail's link before the details step.
    if (pathname === GATE_PATHS.details || pathname === GATE_PATHS.emailVerified) return allow;
    const isInviteDetour =
      pathname === GATE_PATHS.considerInvite || isAtOrUnder(pathname, GATE_PATHS.workspace);
    // An invited newcomer sees the invitation first; the consider-invite page leads on to details.
    if (input.hasPendingInvites)
      return isInviteDetour ? allow : redirect(GATE_PATHS.considerInvite);
    return redirect(GATE_PATHS.details);
  }

  // The verification landing confirms the mail's link to a user who gave every detail at sign-up; once they
  // have a first service, section 4 sends login pages (this one included) to the workspace.
  if (pathname === GATE_PATHS.emailVerified && !user.firstService) return allow;
  if (isLoginPage(pathname) || (user.firstService && isOnboardingPage(pathname))) {
    return redirect(GATE_PATHS.workspace);
  }
  return allow;
}

/**
 * Evaluates the onboarding gate for one navigation. Order: the unauthenticated check first (public
 * pages open, anything else remembered and sent to /), then the remembered path, then the
 * logged-in checks of `decideForUser`.
 *
 * The remembered path completes the round trip "wanted page → / → log in → wanted page": a
 * logged-in user on a login or onboarding page is sent to the remembered path as soon as the gate
 * would allow it there; it is kept until that page is reached (arriving there clears it, however the
 * user got there), so it survives e-mail verification, the details step and a second look of the
 * gate before the redirect has landed. A remembered path that is not a same-origin path or that is itself a login page is cleared
 * unused. The caller should also clear it on logout.
 */
export function evaluateOnboardingGate(input: OnboardingGateInput): OnboardingGateDecision {
  const fullPath = `${input.path}${input.search ?? ''}`;
  const pathname = pathnameOf(fullPath);
  const { user } = input;

  if (user === null) {
    return isPublicPath(pathname)
      ? allow
      : { action: 'redirect', to: GATE_PATHS.home, remember: fullPath };
  }

  const decision = decideForUser(user, input, pathname);
  const remembered = input.rememberedPath;
  if (remembered === null || remembered === undefined || remembered === '') return decision;

  if (!isSafeInAppPath(remembered) || isLoginPage(pathnameOf(remembered))) {
    return { ...decision, forgetRememberedPath: true };
  }
  if (remembered === fullPath) {
    return decision.action === 'allow' ? { ...decision, forgetRememberedPath: true } : decision;
  }
  if (isLoginPage(pathname) || isOnboardingPage(pathname)) {
    const atRemembered = decideForUser(user, input, pathnameOf(remembered));
    if (atRemembered.action === 'allow') {
      // Kept until the page is reached (cleared there, above): the app may look again before this redirect
      // lands, and a look with the path already cleared would send a login page on to /workspace instead.
      return { action: 'redirect', to: remembered };
    }
  }
  return decision;
}
