import type { CreateServiceRequest } from '@herald/contract/services/service.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { serviceKeys } from '../../../lib/queries/service-queries';
import { WORKSPACES_QUERY_PREFIX } from './keys';

/**
 * POST /v3/service/create. The dialog shows failures itself (a 402 or other error as an alert,
 * a 400's issues on the fields), so the central toast is off. On success the service is cached
 * for its overview, and the workspace's services, their statuses and the workspaces list (whose
 * services the breadcrumbs list, spec section 7 "the result is added to the workspace's
 * services") are refreshed.
 */
export function useCreateServiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateServiceRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.createService, { body });
    },
    onSuccess: (service) => {
      queryClient.setQueryData(serviceKeys.detail(service.serviceId), service);
      // Not awaited: the caller navigates to the new service without waiting for the refetches.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.ofWorkspace(service.workspaceId) }),
        queryClient.invalidateQueries({
          queryKey: serviceKeys.statusesOfWorkspace(service.workspaceId),
        }),
        queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_PREFIX }),
      ]);
    },
    meta: { handlesError: true },
  });
}
