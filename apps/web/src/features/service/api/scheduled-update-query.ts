import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { loadApi } from '../../../lib/api/load-api';
import { serviceKeys } from '../../../lib/queries/service-queries';

/** GET /v3/service/{serviceId}/scheduled-update; a 404 means no update is scheduled (spec section 8). */
export const scheduledUpdateQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.scheduledUpdate(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      try {
        return await apiRequest(routes.getScheduledUpdate, { signal, params: { serviceId } });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

export function useScheduledUpdateQuery(serviceId: string, enabled = true) {
  return useQuery({ ...scheduledUpdateQueryOptions(serviceId), enabled });
}
