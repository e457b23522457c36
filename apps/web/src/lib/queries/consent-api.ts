import type { Consent } from '@herald/contract/users/consent.schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../api/load-api';

/** Query keys of the signed-in user's data collection choice (CONVENTIONS section 5). */
export const consentKeys = {
  all: ['consent'] as const,
  ofUser: (userId: string) => [...consentKeys.all, userId] as const,
};

/** GET /v3/user/consent: the stored choice, analytics off until the user gives it. */
export const consentQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: consentKeys.ofUser(userId),
    queryFn: async ({ signal }): Promise<Consent> => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getConsent, { signal });
    },
  });

/** PUT /v3/user/consent; the saved choice replaces the cached one. Failures toast. */
export function useUpdateConsentMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (analytics: boolean) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.updateConsent, { body: { analytics } });
    },
    onSuccess: (consent) => queryClient.setQueryData(consentKeys.ofUser(userId), consent),
  });
}
