import {
  evaluateOnboardingGate,
  type OnboardingGateDecision,
  type OnboardingGateUser,
} from '@herald/contract/users/onboarding-gate';
import type { User } from '@herald/contract/users/user.schema';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useCurrentUserQuery } from '../features/auth/api/user-query';
import { useSessionSync } from '../features/auth/hooks/use-session-sync';
import { isLoginPopupWindow, LOGIN_CALLBACK_PATH } from '../features/auth/utils/login-popup';
import { pendingInvitesQueryOptions } from '../features/onboarding/api/pending-invites-query';
import { workspacesQueryOptions } from '../features/workspaces/api/workspaces-query';
import { readDefaultWorkspaceId } from '../features/workspaces/utils/default-workspace';
import { MARKETPLACE_EXPIRY_GUARDED_PREFIXES } from '@herald/contract/users/onboarding-gate';
import { marketplaceStatusForPath } from '@herald/contract/marketplace/marketplace-gate';
import {
  forgetRememberedPath,
  readRememberedPath,
  rememberPath,
} from '../lib/browser/remembered-path';
import { isStaticShellShown, StaticShellRemover } from '../lib/painted-page/handover/static-shell';
import { NOT_FOUND_ROUTE_ID } from './not-found-route-id';

/** Pages of the signed-in frame (default and service layouts), which wait for the user in its outline. */
const FRAME_PATH = /^\/(workspace|service|profile)(\/|$)/;
const loadFrameSkeleton = () => import('../components/skeletons');
const FrameSkeleton = lazy(loadFrameSkeleton);
// Fetched beside the route's own chunks when the app opens on such a page, so the outline is there at once.
if (typeof window !== 'undefined' && FRAME_PATH.test(window.location.pathname)) {
  void loadFrameSkeleton();
}

/** While the user loads: the frame in outline on its pages (issue 9), a spinner on the blank ones. */
function PendingPage({ pathname }: { pathname: string }) {
  const spinner = <PageLoader label="Loading your account" />;
  // The page painted from the HTML stands in (PageLoader then only speaks).
  if (!FRAME_PATH.test(pathname) || isStaticShellShown()) return spinner;
  return (
    <Suspense fallback={spinner}>
      <FrameSkeleton />
    </Suspense>
  );
}

/** What the gate reads of a user (also the server's painted pages, prerender/painted-pages.tsx). */
export function toGateUser(user: User): OnboardingGateUser {
  return {
    emailVerified: user.email_verified,
    detailsComplete: user.detailsComplete,
    setupComplete: user.setupComplete,
    firstService: Boolean(user.firstService),
  };
}

/**
 * The onboarding gate of spec section 4 on every navigation: the contract's
 * `evaluateOnboardingGate` decides from the user, their pending invites, the marketplace status
 * and the remembered path; this component applies the decision. Nothing of a route renders
 * until the gate allows it (a loader while the user loads), so no protected page flashes.
 *
 * Outside the gate: the 404 page (it shows nothing private, and a mistyped address should say so
 * at once rather than after a login) and the login popup's /login/callback (it only tells its
 * opener and closes; the gate would move a signed-in popup on into the dashboard).
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  useSessionSync();
  const location = useLocation();
  const matches = useMatches();
  const { data: session } = useCurrentUserQuery();
  const user = session?.user ?? null;

  // Spec section 4: only a verified user with incomplete details may take the invite detour.
  const needsInvites = user !== null && user.email_verified && !user.detailsComplete;
  const invites = useQuery({ ...pendingInvitesQueryOptions(), enabled: needsInvites });
  // Spec section 4: an expired marketplace organisation's pages go to /aws/expired; its status comes with the
  // workspaces (docs/decisions/026), read only on the paths it guards. A failed read does not hold the user up.
  const isExpiryGuarded =
    user !== null &&
    user.email_verified &&
    MARKETPLACE_EXPIRY_GUARDED_PREFIXES.some(
      (prefix) => location.pathname === prefix || location.pathname.startsWith(`${prefix}/`),
    );
  const workspaces = useQuery({ ...workspacesQueryOptions(), enabled: isExpiryGuarded });

  const isBypassed =
    matches.some((match) => match.id === NOT_FOUND_ROUTE_ID) ||
    (location.pathname === LOGIN_CALLBACK_PATH && isLoginPopupWindow());
  // The organisations are not waited for: the page and its skeletons render at once (issue 9), and an expired
  // marketplace organisation's page is replaced by /aws/expired as soon as they arrive (the server refuses its
  // service work meanwhile, decision 026).
  const isDeciding = session === undefined || (needsInvites && invites.isPending);

  let decision: OnboardingGateDecision | null = null;
  if (!isBypassed && !isDeciding) {
    decision = evaluateOnboardingGate({
      user: user ? toGateUser(user) : null,
      hasPendingInvites: (invites.data?.length ?? 0) > 0,
      marketplaceSubscriptionStatus:
        isExpiryGuarded && workspaces.data
          ? marketplaceStatusForPath({
              pathname: location.pathname,
              workspaces: workspaces.data,
              defaultWorkspaceId:
                readDefaultWorkspaceId() ?? workspaces.data[0]?.workspace_id ?? null,
            })
          : null,
      path: location.pathname,
      search: location.search,
      rememberedPath: readRememberedPath(),
    });
  }

  // A reset session (sign out, account deletion) does not remember the page it was on.
  const rememberTarget =
    decision?.action === 'redirect' && !session?.wasReset ? decision.remember : undefined;
  const shouldForget = decision?.forgetRememberedPath === true;
  useEffect(() => {
    if (rememberTarget !== undefined) rememberPath(rememberTarget);
    if (shouldForget) forgetRememberedPath();
  }, [rememberTarget, shouldForget]);

  if (decision === null && !isBypassed) return <PendingPage pathname={location.pathname} />;
  // A redirect keeps the page painted from the HTML until the page it leads to renders.
  if (decision?.action === 'redirect') return <Navigate to={decision.to} replace />;
  // The remover after the page: the page's layout effects run first and may still read the painted page
  // (the login form takes over what was typed into it, lib/painted-page/handover/static-shell.ts).
  return (
    <>
      {children}
      <StaticShellRemover />
    </>
  );
}
