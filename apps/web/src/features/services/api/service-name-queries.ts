import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { createServiceKeys } from './keys';

/**
 * GET /v3/generate-service-name: a free, valid name to propose. Never cached: each opening of the
 * create-service dialog proposes a fresh one (the last may have been taken meanwhile).
 */
export const generatedServiceNameQueryOptions = () =>
  queryOptions({
    queryKey: createServiceKeys.generatedName(),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.generateServiceName, { signal });
    },
    staleTime: 0,
    gcTime: 0,
  });

export function useGeneratedServiceNameQuery() {
  return useQuery(generatedServiceNameQueryOptions());
}

/** GET /v3/service/{serviceName}/check: valid, and the reason shown as feedback (spec section 5). */
export const serviceNameCheckQueryOptions = (serviceName: string) =>
  queryOptions({
    queryKey: createServiceKeys.nameCheck(serviceName),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.checkServiceName, { signal, params: { serviceName } });
    },
    // Another user may take a name at any moment; a few seconds spare repeated checks while typing.
    staleTime: 5_000,
  });

/** Checks `serviceName` (already debounced by the caller); an empty name is not asked about. */
export function useServiceNameCheckQuery(serviceName: string) {
  return useQuery({ ...serviceNameCheckQueryOptions(serviceName), enabled: serviceName !== '' });
}
