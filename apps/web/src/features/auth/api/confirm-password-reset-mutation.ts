import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/** POST /v3/auth/password-reset/confirm with the token from the e-mailed link. */
export function useConfirmPasswordResetMutation() {
  return useMutation({
    mutationFn: async (request: { token: string; password: string }) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.confirmPasswordReset, { body: request });
    },
    meta: { handlesError: true },
  });
}
