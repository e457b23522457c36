import { REST_STATE_POLL_MS } from '@herald/contract/rest-adapters/rest-adapter-state';
import { useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { restKeys } from './rest-keys';

/** GET …/rest/apis: the service's REST APIs with their endpoints (spec section 7). */
export function useRestApis(serviceId: string) {
  return useQuery({
    queryKey: restKeys.apis(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listRestApis, { signal, params: { serviceId } });
    },
  });
}

/**
 * GET …/rest/state: the adapter's status and each endpoint's last poll, asked again every REST_STATE_POLL_MS while a
 * screen showing it is open (TanStack Query pauses the interval in a hidden tab).
 */
export function useRestAdapterState(serviceId: string) {
  return useQuery({
    queryKey: restKeys.state(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getRestAdapterState, { signal, params: { serviceId } });
    },
    refetchInterval: REST_STATE_POLL_MS,
    staleTime: 0,
  });
}
