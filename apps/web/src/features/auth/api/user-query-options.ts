import type { User } from '@herald/contract/users/user.schema';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { loadApiArea } from '../../../lib/api/load-api';
import { authKeys } from './keys';

/*
 * The current-user query without its hooks (user-query.ts): the entry chunk needs these (route loaders, the page's
 * answers) and must not pull React Query's observers in with the hooks (bundle budget, docs/decisions/029).
 */

/**
 * Who is signed in. The session itself is the HttpOnly `auth` cookie (spec section 9), which
 * same-origin requests carry: the app never sees or stores a token.
 */
export interface CurrentUserSession {
  /** The signed-in user, or null when nobody is. */
  user: User | null;
  /**
   * GET /v3/user answered 404: an identity is signed in but has no user details yet (spec
   * section 8, "A 404 on user details is ignored"): the first single sign-on login, which
   * /login/callback completes with the SSO sign-up.
   */
  isProfileMissing: boolean;
  /**
   * Set by the auth reset (sign out, account deletion, a failed user fetch): the gate then does
   * not remember the page the user was on for "after login".
   */
  wasReset?: boolean;
}

export const SIGNED_OUT: CurrentUserSession = { user: null, isProfileMissing: false };

/** Context of the toast when fetching the user fails (spec section 8 "Auth"). */
export const FETCH_USER_CONTEXT = 'fetching the user';

/**
 * GET /v3/user: 401 means nobody is signed in and 404 means the profile is missing; neither is
 * an error. Any other failure is: it toasts here and the auth reset follows (useSessionSync).
 * `reloadOnUnauthorized: false`, or a 401 would reload the page forever.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: async ({ signal }): Promise<CurrentUserSession> => {
      const { apiRequest, routes } = await loadApiArea(
        async () => (await import('@herald/contract/api/routes/user')).userRoutes,
      );
      try {
        const user = await apiRequest(routes.getUser, { signal, reloadOnUnauthorized: false });
        return { user, isProfileMissing: false };
      } catch (error) {
        if (isApiError(error) && error.status === 401) return SIGNED_OUT;
        if (isApiError(error) && error.status === 404)
          return { user: null, isProfileMissing: true };
        throw error;
      }
    },
    meta: { toastOnError: { context: FETCH_USER_CONTEXT } },
  });
