import type { SignupRequest, SsoSignupRequest } from '@herald/contract/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { useRefreshCurrentUser } from './user-query';

/**
 * POST /v3/user: the e-mail and password sign-up, or the SSO variant that completes a first
 * single sign-on login (spec section 7). The reply sets the `auth` cookie; the user is then
 * fetched again (GET /v3/user also carries the access token) and the gate routes on.
 */
export function useSignupMutation() {
  const refreshCurrentUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: async (request: SignupRequest | SsoSignupRequest) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.createUser, { body: request });
      await refreshCurrentUser();
    },
    meta: { handlesError: true },
  });
}
