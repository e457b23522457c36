import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { serviceKeys } from '../../../lib/queries/service-queries';

/** GET /v3/service/{serviceId}/service-api/details: the secret, token and headers come masked. */
export const apiDetailsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.apiDetails(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getServiceApiDetails, { signal, params: { serviceId } });
    },
  });

export function useApiDetailsQuery(serviceId: string) {
  return useQuery(apiDetailsQueryOptions(serviceId));
}
