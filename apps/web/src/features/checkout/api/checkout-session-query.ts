import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/** How often /checkout/success asks whether the completion event has been applied. */
export const CHECKOUT_POLL_MS = 1_500;

export const checkoutKeys = {
  all: ['checkout'] as const,
  session: (workspaceId: string, checkoutSessionId: string) =>
    [...checkoutKeys.all, workspaceId, checkoutSessionId] as const,
};

export const checkoutSessionQueryOptions = (workspaceId: string, checkoutSessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.session(workspaceId, checkoutSessionId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getCheckoutSession, {
        signal,
        params: { workspaceId, checkoutSessionId },
      });
    },
    // The redirect is never the success (issue 13): wait for `complete` (the verified event applied) or `failed`.
    refetchInterval: (query) => (query.state.data?.status === 'open' ? CHECKOUT_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export function useCheckoutSessionQuery(workspaceId: string, checkoutSessionId: string) {
  return useQuery(checkoutSessionQueryOptions(workspaceId, checkoutSessionId));
}
