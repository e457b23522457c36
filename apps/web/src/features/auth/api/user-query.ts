import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@herald/contract/users/user.schema';
import { authKeys } from './keys';
import { currentUserQueryOptions, type CurrentUserSession } from './user-query-options';

export {
  currentUserQueryOptions,
  FETCH_USER_CONTEXT,
  SIGNED_OUT,
  type CurrentUserSession,
} from './user-query-options';

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

/**
 * Settles with `refreshed` (a fetch of the user), and rejects unless its answer is a signed-in user: what may follow a
 * login that another window reported (single sign-on), where nothing proves the cookie is set, and a call answering
 * 401 would reload the page (lib/api/api-client.ts).
 */
export async function whenSignedIn(client: QueryClient, refreshed: Promise<void>): Promise<void> {
  await refreshed;
  if (!client.getQueryData<CurrentUserSession>(authKeys.currentUser())?.user) {
    throw new Error('Nobody is signed in');
  }
}
