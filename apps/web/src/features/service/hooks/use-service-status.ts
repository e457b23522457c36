import type { ServiceStatus } from '@herald/contract/services/service-status';
import type { Service } from '@herald/contract/services/service.schema';
import {
  isFirstServiceReady,
  statusAfterFetchError,
} from '@herald/contract/services/service-status-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { serviceKeys, serviceStatusQueryOptions } from '../../../lib/queries/service-queries';
import { useServiceStatusStream } from '../../../lib/status-stream/status-stream';
import { serviceAreaKeys } from '../api/keys';

/**
 * The service's live status: pushed by the workspace's status stream, polled every 10 s while transitional and the
 * stream is down (spec section 9), falling back to the status the service came with; a status fetch answering 404
 * means UNAVAILABLE (section 4).
 */
export function useServiceStatus(service: Service): ServiceStatus {
  // Changes are pushed while the stream is open; the poll is the fallback (docs/decisions/016).
  useServiceStatusStream(service.workspaceId);
  const { data, error } = useQuery(serviceStatusQueryOptions(service.serviceId));
  const fromError = isApiError(error) ? statusAfterFetchError(error.status) : null;
  return fromError ?? data?.status ?? service.status;
}

/**
 * When the status becomes RUNNING, fetches the service and the current user again, so the
 * onboarding gate's first-service readiness (spec section 4) follows. Used once, by the layout.
 */
export function useRefreshWhenRunning(serviceId: string, status: ServiceStatus) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const wasReady = isFirstServiceReady(previous.current);
    previous.current = status;
    if (wasReady || !isFirstServiceReady(status)) return;
    void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(serviceId), exact: true });
    void queryClient.invalidateQueries({ queryKey: serviceAreaKeys.currentUser() });
  }, [status, serviceId, queryClient]);
}
