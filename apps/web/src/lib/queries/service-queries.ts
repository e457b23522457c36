import { LIVE_METRICS_POLL_MS, SERVICE_STATUS_POLL_MS } from '@herald/contract/constants';
import { isTransitionalStatus } from '@herald/contract/services/service-status-rules';
import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../api/load-api';
import { serviceKeys } from './service-keys';
import { isStatusStreamOpen } from '../status-stream/status-stream-state';

export { serviceKeys } from './service-keys';

/** GET /v3/service/{serviceId}. */
export const serviceQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getService, { signal, params: { serviceId } });
    },
  });

/**
 * GET /v3/service/{serviceId}/status, polled every 10 s while the status is transitional (spec section 9) and no
 * status stream is open (the stream pushes each change, docs/decisions/016).
 */
export const serviceStatusQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.status(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getServiceStatus, { signal, params: { serviceId } });
    },
    refetchInterval: (query) =>
      !isStatusStreamOpen() &&
      (query.state.data === undefined || isTransitionalStatus(query.state.data.status))
        ? SERVICE_STATUS_POLL_MS
        : false,
  });

/** GET /v3/service/{serviceId}/metrics/live, polled every 15 s (spec section 9). */
export const liveMetricsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.liveMetrics(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getLiveMetrics, { signal, params: { serviceId } });
    },
    refetchInterval: LIVE_METRICS_POLL_MS,
  });

/** GET /v3/workspace/{workspaceId}/services. */
export const workspaceServicesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: serviceKeys.ofWorkspace(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listWorkspaceServices, { signal, params: { workspaceId } });
    },
  });

/**
 * GET /v3/workspace/{workspaceId}/services/status: one call for every card's status, polled every 10 s while any
 * service is transitional and no status stream is open.
 */
export const workspaceServiceStatusesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: serviceKeys.statusesOfWorkspace(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listWorkspaceServiceStatuses, { signal, params: { workspaceId } });
    },
    refetchInterval: (query) =>
      !isStatusStreamOpen() &&
      (query.state.data === undefined ||
        query.state.data.some((item) => isTransitionalStatus(item.status)))
        ? SERVICE_STATUS_POLL_MS
        : false,
  });

/** GET /v3/metadata: tiers, versions, regions. Changes only when an operator edits the catalogue. */
export const metadataQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeys.metadata(),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getMetadata, { signal });
    },
    staleTime: 5 * 60_000,
  });
