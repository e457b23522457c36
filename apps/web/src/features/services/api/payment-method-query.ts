import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { createServiceKeys } from './keys';

/**
 * GET /v3/workspace/{workspaceId}/paymentMethod, for the create-service form: with a valid card on file a paid
 * service is created at once; without one the form's button starts a checkout (issue 13).
 */
export const paymentMethodQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: createServiceKeys.paymentMethod(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getPaymentMethod, { signal, params: { workspaceId } });
    },
  });

export function usePaymentMethodQuery(workspaceId: string) {
  return useQuery(paymentMethodQueryOptions(workspaceId));
}
