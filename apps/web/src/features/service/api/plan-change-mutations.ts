import type { Service } from '@herald/contract/services/service.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { serviceKeys } from '../../../lib/queries/service-queries';

/** What a plan change asks for: a higher plan, or high availability on or off. */
export type PlanChange =
  | { call: 'upgrade-service-plan'; billingPlan: string }
  | { call: 'resize-cluster'; highAvailability: boolean };

/**
 * PUT /v3/service/{id}/upgrade-service-plan {billingPlan} or PUT …/resize-cluster {highAvailability} (issue 13). The
 * answer is the changed service: it replaces the cached one, and the workspace's lists refresh. The caller handles
 * failures (a 402 starts a checkout; a 500 payment failure has its own section 8 text).
 */
export function usePlanChangeMutation(service: Pick<Service, 'serviceId' | 'workspaceId'>) {
  const queryClient = useQueryClient();
  const { serviceId } = service;
  return useMutation({
    mutationFn: async (change: PlanChange) => {
      const { apiRequest, routes } = await loadApi();
      return change.call === 'upgrade-service-plan'
        ? apiRequest(routes.upgradeServicePlan, {
            params: { serviceId },
            body: { billingPlan: change.billingPlan },
          })
        : apiRequest(routes.resizeCluster, {
            params: { serviceId },
            body: { highAvailability: change.highAvailability },
          });
    },
    onSuccess: (changed) => {
      queryClient.setQueryData(serviceKeys.detail(serviceId), changed);
      void queryClient.invalidateQueries({
        queryKey: serviceKeys.ofWorkspace(service.workspaceId),
      });
    },
    meta: { handlesError: true },
  });
}
