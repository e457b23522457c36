import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/** POST /v3/auth/password-reset: the reply's text is the same whether or not the account exists. */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { apiRequest, routes } = await loadApi();
      const reply = await apiRequest(routes.requestPasswordReset, { body: { email } });
      return reply.data.message;
    },
    meta: { handlesError: true },
  });
}
