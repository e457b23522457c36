import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loadApi } from '../../../lib/api/load-api';
import { forgetRememberedPath } from '../../../lib/browser/remembered-path';
import { authKeys } from '../api/keys';
import { SIGNED_OUT } from '../api/user-query';

/**
 * The auth reset of spec section 4 ("Reset clears the auth cookie, user and token and goes to
 * /"), used by Sign Out, account deletion and a failed user fetch: log out on the server (a
 * failure is ignored: the session is unusable either way), forget every cached query of the
 * user, forget the remembered path and go to /.
 */
export function useAuthReset(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.logout);
    } catch {
      // Ignored (spec section 4 resets regardless).
    }
    const currentUserKey = authKeys.currentUser();
    await queryClient.cancelQueries({ queryKey: currentUserKey, exact: true });
    queryClient.setQueryData(currentUserKey, { ...SIGNED_OUT, wasReset: true });
    const currentUserHash = hashKey(currentUserKey);
    queryClient.removeQueries({
      predicate: (query) =>
        query.queryHash !== currentUserHash && query.meta?.keepOnAuthReset !== true,
    });
    forgetRememberedPath();
    await navigate('/', { replace: true });
  }, [queryClient, navigate]);
}
