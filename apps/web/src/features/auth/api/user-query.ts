import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@herald/contract/users/user.schema';
import { authKeys } from './keys';
import { currentUserQueryOptions } from './user-query-options';

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
