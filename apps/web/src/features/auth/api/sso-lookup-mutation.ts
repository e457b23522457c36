import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/** POST /v3/auth/sso/lookup: the single sign-on connection of an e-mail's domain, or null. */
export function useSsoLookupMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { apiRequest, routes } = await loadApi();
      const { connection } = await apiRequest(routes.lookupSsoConnection, { body: { email } });
      return connection;
    },
    meta: { handlesError: true },
  });
}
