import type {
  InterestedAlerts,
  ScheduleUpdateRequest,
  Service,
  ServiceStatusResponse,
} from '@herald/contract/services/service.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { serviceKeys } from '../../../lib/queries/service-queries';
import { serviceAreaKeys } from './keys';

/** The settings calls answer with the updated service: it replaces the cached one. */
function useStoreService(serviceId: string) {
  const queryClient = useQueryClient();
  return (service: Service) => queryClient.setQueryData(serviceKeys.detail(serviceId), service);
}

/**
 * Restart and reset answer with the new status: the status poll resumes from it, and the live
 * metrics (sessions drop, topics may be gone) are fetched again.
 */
function useStoreStatus(serviceId: string) {
  const queryClient = useQueryClient();
  return (status: ServiceStatusResponse) => {
    queryClient.setQueryData(serviceKeys.status(serviceId), status);
    return queryClient.invalidateQueries({ queryKey: serviceKeys.liveMetrics(serviceId) });
  };
}

/** PUT /v3/service/{id}/console-settings {hintColor}; null clears the colour. */
export function useUpdateHintColorMutation(serviceId: string) {
  const store = useStoreService(serviceId);
  return useMutation({
    mutationFn: async (hintColor: string | null) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.updateConsoleSettings, {
        params: { serviceId },
        body: { hintColor },
      });
    },
    onSuccess: store,
    meta: { context: 'saving the hint colour' },
  });
}

/**
 * PUT /v3/service/{id}/console-settings {hintColor, useConsoleSso}: the call replaces the console settings, so the
 * saved hint colour travels with the switch unchanged.
 */
export function useUpdateConsoleSsoMutation(service: Service) {
  const store = useStoreService(service.serviceId);
  return useMutation({
    mutationFn: async (useConsoleSso: boolean) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.updateConsoleSettings, {
        params: { serviceId: service.serviceId },
        body: { hintColor: service.consoleSettings.hintColor, useConsoleSso },
      });
    },
    onSuccess: store,
    meta: { context: 'saving console single sign-on' },
  });
}

/** PATCH /v3/service/{id}/update-additional-property {sensitiveData}. */
export function useUpdateSensitiveDataMutation(serviceId: string) {
  const store = useStoreService(serviceId);
  return useMutation({
    mutationFn: async (sensitiveData: boolean) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.updateAdditionalProperty, {
        params: { serviceId },
        body: { sensitiveData },
      });
    },
    onSuccess: store,
    meta: { context: 'saving the sensitive data setting' },
  });
}

/** POST /v3/service/{id}/interested-alerts {interestedAlerts}. */
export function useUpdateInterestedAlertsMutation(serviceId: string) {
  const store = useStoreService(serviceId);
  return useMutation({
    mutationFn: async (interestedAlerts: InterestedAlerts) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.updateInterestedAlerts, {
        params: { serviceId },
        body: { interestedAlerts },
      });
    },
    onSuccess: store,
    meta: { context: 'saving the alerts' },
  });
}

/** POST /v3/service/{id}/restart. */
export function useRestartServiceMutation(serviceId: string) {
  const storeStatus = useStoreStatus(serviceId);
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.restartService, { params: { serviceId } });
    },
    onSuccess: storeStatus,
    meta: { context: 'restarting the service' },
  });
}

/** DELETE /v3/service/{id}/reset-topic-tree: the service goes to POD_INITIALIZING (spec section 4). */
export function useResetTopicTreeMutation(serviceId: string) {
  const storeStatus = useStoreStatus(serviceId);
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.resetTopicTree, { params: { serviceId } });
    },
    onSuccess: storeStatus,
    meta: { context: 'resetting the topic tree' },
  });
}

/** POST /v3/service/{id}/scheduled-update; an immediate update sends the current time (spec section 7). */
export function useScheduleUpdateMutation(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ScheduleUpdateRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.scheduleUpdate, { params: { serviceId }, body });
    },
    onSuccess: (scheduled) => {
      queryClient.setQueryData(serviceKeys.scheduledUpdate(serviceId), scheduled);
      return queryClient.invalidateQueries({
        queryKey: serviceKeys.detail(serviceId),
        exact: true,
      });
    },
    meta: { context: 'scheduling the upgrade' },
  });
}

/** DELETE /v3/service/{id}/scheduled-update. */
export function useCancelScheduledUpdateMutation(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.cancelScheduledUpdate, { params: { serviceId } });
    },
    onSuccess: () => {
      queryClient.setQueryData(serviceKeys.scheduledUpdate(serviceId), null);
      return queryClient.invalidateQueries({
        queryKey: serviceKeys.detail(serviceId),
        exact: true,
      });
    },
    meta: { context: 'cancelling the scheduled upgrade' },
  });
}

/**
 * POST /v3/service/{id}/cancel. The lists that hold the service refresh in the background; the
 * caller leaves the service's pages and then forgets its cached data (useForgetService).
 */
export function useCancelServiceMutation(service: { serviceId: string; workspaceId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.cancelService, { params: { serviceId: service.serviceId } });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: serviceKeys.ofWorkspace(service.workspaceId),
      });
      void queryClient.invalidateQueries({ queryKey: serviceAreaKeys.workspaces() });
    },
    meta: { context: 'deleting the service' },
  });
}

/** Drops a deleted service's cached queries, once no page observes them any more. */
export function useForgetService(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: serviceKeys.detail(serviceId) });
}
