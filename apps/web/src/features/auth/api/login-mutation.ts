import { PASSWORD_REALM } from '@herald/contract/users/identity.schema';
import { useMutation } from '@tanstack/react-query';
import { loadApiArea } from '../../../lib/api/load-api';
import { prefetchAfterSignIn } from '../../../lib/queries/sign-in-prefetch';
import { useRefreshCurrentUser } from './user-query';

export interface LoginCredentials {
  /** The account's e-mail address. */
  username: string;
  password: string;
}

/**
 * POST /v3/auth/login (sets the `auth` cookie), then the user is fetched again so the gate
 * routes on: to the remembered path or onward (spec section 4). The form shows the failure.
 * The landing page's own calls start with the user's, not after it (docs/decisions/041).
 */
export function useLoginMutation() {
  const refreshCurrentUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: async (credentials: LoginCredentials) => {
      const { apiRequest, routes } = await loadApiArea(
        async () => (await import('@herald/contract/api/routes/identity')).identityRoutes,
      );
      const login = apiRequest(routes.login, { body: { realm: PASSWORD_REALM, ...credentials } });
      prefetchAfterSignIn(login);
      await login;
      await refreshCurrentUser();
    },
    meta: { handlesError: true },
  });
}
