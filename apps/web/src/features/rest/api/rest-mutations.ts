import type { RestPreviewBody } from '@herald/contract/rest-adapters/rest-adapter-state';
import type {
  RestApiRequestBody,
  RestEndpointRequestBody,
} from '@herald/contract/rest-adapters/rest-form-values';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { showToast } from '../../../lib/ui/toast';
import { restKeys } from './rest-keys';

/** A saved or deleted API or endpoint shows in the lists once the server has answered (section 4). */
function useRefresh(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: restKeys.service(serviceId) });
}

/** POST …/apis (apiId null) or PUT …/apis/{apiId}; the form shows failures on its fields. */
export function useSaveRestApiMutation(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async ({ apiId, body }: { apiId: string | null; body: RestApiRequestBody }) => {
      const { apiRequest, routes } = await loadApi();
      if (apiId === null) {
        return apiRequest(routes.createRestApi, { params: { serviceId }, body });
      }
      return apiRequest(routes.updateRestApi, { params: { serviceId, apiId }, body });
    },
    onSuccess: refresh,
    meta: { handlesError: true },
  });
}

/** DELETE …/apis/{apiId}, then section 8's 'API deleted successfully!'. */
export function useDeleteRestApiMutation(serviceId: string, onDeleted: () => void) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async (apiId: string) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.deleteRestApi, { params: { serviceId, apiId } });
    },
    onSuccess: async () => {
      showToast({ variant: 'success', message: SUCCESS_MESSAGES.apiDeleted });
      onDeleted();
      await refresh();
    },
    meta: { context: 'deleting the API' },
  });
}

export interface EndpointTarget {
  apiId: string;
  /** null: a new endpoint. */
  endpointId: string | null;
}

/** POST …/endpoints or PUT …/endpoints/{endpointId}; the form shows failures on its fields. */
export function useSaveRestEndpointMutation(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async ({
      apiId,
      endpointId,
      body,
    }: EndpointTarget & { body: RestEndpointRequestBody }) => {
      const { apiRequest, routes } = await loadApi();
      if (endpointId === null) {
        return apiRequest(routes.createRestEndpoint, { params: { serviceId, apiId }, body });
      }
      return apiRequest(routes.updateRestEndpoint, {
        params: { serviceId, apiId, endpointId },
        body,
      });
    },
    onSuccess: refresh,
    meta: { handlesError: true },
  });
}

/** DELETE …/endpoints/{endpointId}, then section 8's 'Endpoint deleted successfully!'. */
export function useDeleteRestEndpointMutation(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async ({ apiId, endpointId }: { apiId: string; endpointId: string }) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.deleteRestEndpoint, { params: { serviceId, apiId, endpointId } });
    },
    onSuccess: async () => {
      showToast({ variant: 'success', message: SUCCESS_MESSAGES.endpointDeleted });
      await refresh();
    },
    meta: { context: 'deleting the endpoint' },
  });
}

/** POST …/endpoints/{endpointId}/poll: what the API answered and which topic it became; the state shows it too. */
export function usePollRestEndpointMutation(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async ({ apiId, endpointId }: { apiId: string; endpointId: string }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.pollRestEndpoint, { params: { serviceId, apiId, endpointId } });
    },
    onSuccess: refresh,
    meta: { handlesError: true },
  });
}

/** POST …/apis/{apiId}/preview: the endpoint as typed, polled once, nothing saved or published. */
export function usePreviewRestEndpointMutation(serviceId: string) {
  return useMutation({
    mutationFn: async ({ apiId, body }: { apiId: string; body: RestPreviewBody }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.previewRestEndpoint, { params: { serviceId, apiId }, body });
    },
    meta: { handlesError: true },
  });
}
