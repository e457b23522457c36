import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { setFlagContextUser } from '../../../lib/flags/flag-context';
import { prefetchAfterSignIn } from '../../../lib/queries/sign-in-prefetch';
import { useCurrentUserQuery, useRefreshCurrentUser, whenSignedIn } from '../api/user-query';
import { listenForLogin } from '../utils/auth-broadcast';
import { useAuthReset } from './use-auth-reset';

/**
 * The app-wide effects of the session, mounted once (by the onboarding gate):
 * - feature flags are evaluated for the signed-in user's id (spec section 1);
 * - a failed user fetch resets auth (spec section 8; the query has already toasted);
 * - a login reported by another window (the login popup) fetches the user again, and a window
 *   that was signed out asks its landing page's calls with it (docs/decisions/041).
 */
export function useSessionSync(): void {
  const query = useCurrentUserQuery();
  const queryClient = useQueryClient();
  const resetAuth = useAuthReset();
  const refreshCurrentUser = useRefreshCurrentUser();

  const userId = query.data?.user?.customerid ?? null;
  const flagUserId = useRef<string | null>(null);
  useEffect(() => {
    if (userId === flagUserId.current) return;
    flagUserId.current = userId;
    void setFlagContextUser(userId);
  }, [userId]);

  const { status, errorUpdatedAt } = query;
  useEffect(() => {
    if (status === 'error') void resetAuth();
  }, [status, errorUpdatedAt, resetAuth]);

  // Nobody signed in here (not a profile still missing: that window is the SSO sign-up, the login popup itself).
  const isSignedOut =
    query.data !== undefined && query.data.user === null && !query.data.isProfileMissing;
  useEffect(
    () =>
      listenForLogin(() => {
        const refreshed = refreshCurrentUser();
        // After the user's answer, not beside it: the popup's word is no proof that the cookie is set.
        if (isSignedOut) prefetchAfterSignIn(whenSignedIn(queryClient, refreshed));
      }),
    [refreshCurrentUser, isSignedOut, queryClient],
  );
}
