import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/** PUT /v3/user/change-password {password}; resolves to the reply's data.message (spec section 7). */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: async (password: string) => {
      const { apiRequest, routes } = await loadApi();
      const reply = await apiRequest(routes.changePassword, { body: { password } });
      return reply.data.message;
    },
    meta: { handlesError: true },
  });
}
