import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/**
 * GET /v3/user/verify-email: reports whether the e-mail is verified and, when it is not, sends a
 * new verification e-mail. The caller shows the outcome (a 429 carries a wait message).
 */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.verifyEmail);
    },
    meta: { handlesError: true },
  });
}
