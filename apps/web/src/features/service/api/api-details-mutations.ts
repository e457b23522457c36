import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { serviceKeys } from '../../../lib/queries/service-queries';

/**
 * POST …/service-api/details/reveal: the credentials in full with a fresh access token. The
 * answer stays with the caller (never in the cache, which holds the masked details).
 */
export function useRevealApiDetailsMutation(serviceId: string) {
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.revealServiceApiDetails, { params: { serviceId } });
    },
    meta: { context: 'revealing the credentials' },
  });
}

/** POST …/service-api/rotate-secret: tokens issued before stop working. */
export function useRotateApiSecretMutation(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.rotateServiceApiSecret, { params: { serviceId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.apiDetails(serviceId) }),
    meta: { context: 'rotating the secret' },
  });
}
