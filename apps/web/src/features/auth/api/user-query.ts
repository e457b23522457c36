import type { User } from '@herald/contract/users/user.schema';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../../lib/api-error';
import { loadApi } from '../../../lib/load-api';
import { authKeys } from './keys';

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
      const { apiRequest, routes } = await loadApi();
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

/** The current-user query; `data` is undefined until the first answer. */
export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions());
}

export interface CurrentUserState {
  user: User | null;
  isProfileMissing: boolean;
  /** True until the first answer (or while a failed first fetch is being reset). */
  isLoading: boolean;
}

/** The signed-in user for components; the gate guarantees one on every non-public page. */
export function useCurrentUser(): CurrentUserState {
  const { data } = useCurrentUserQuery();
  return {
    user: data?.user ?? null,
    isProfileMissing: data?.isProfileMissing ?? false,
    isLoading: data === undefined,
  };
}

/**
 * Fetches the user again (after login, sign-up, a profile change or e-mail verification); the
 * gate then routes on the fresh state. Resolves when the new answer is in.
 */
export function useRefreshCurrentUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser(), refetchType: 'all' }),
    [queryClient],
  );
}
