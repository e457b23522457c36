import type {
  KafkaAdapter,
  CreateKafkaAdapterRequest,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { kafkaKeys } from './kafka-keys';
import { withKafkaFailureText } from './kafka-failure';
import { unexpectedScheduleReply } from './kafka-queries';

function useRefreshAdapters(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: kafkaKeys.service(serviceId) });
}

/** POST …/gateway-kafka-adapters: the new adapter is listed once the server has returned its id (section 4). */
export function useCreateAdapterMutation(serviceId: string) {
  const refresh = useRefreshAdapters(serviceId);
  return useMutation({
    mutationFn: async (body: CreateKafkaAdapterRequest) => {
      const { apiRequest, routes } = await loadApi();
      try {
        return await apiRequest(routes.createKafkaAdapter, { params: { serviceId }, body });
      } catch (error) {
        throw withKafkaFailureText(error);
      }
    },
    onSuccess: refresh,
    meta: { handlesError: true },
  });
}

/**
 * Enable or disable: the adapter is shown active or inactive only after the server call succeeds (section 4), from
 * the server's own answer.
 */
export function useSetAdapterActiveMutation(serviceId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdapters(serviceId);
  return useMutation({
    mutationFn: async ({ adapterId, active }: { adapterId: string; active: boolean }) => {
      const { apiRequest, routes } = await loadApi();
      const route = active ? routes.enableKafkaAdapter : routes.disableKafkaAdapter;
      try {
        return await apiRequest(route, { params: { serviceId, adapterId } });
      } catch (error) {
        throw withKafkaFailureText(error);
      }
    },
    onSuccess: async (reply) => {
      queryClient.setQueryData<KafkaAdapter[]>(kafkaKeys.adapters(serviceId), (adapters) =>
        adapters?.map((adapter) =>
          adapter.id === reply.id ? { ...adapter, active: reply.active } : adapter,
        ),
      );
      await refresh();
    },
    meta: { context: 'changing the adapter' },
  });
}

/**
 * DELETE …/{adapterId}: removed from the list after success (section 4). `onDeleted` runs before the list changes:
 * the adapter's own page leaves first, since once the adapter is gone from the list that page unmounts and a
 * callback given to `mutate` would never run (it showed "Kafka adapter not found" instead of the list).
 */
export function useDeleteAdapterMutation(serviceId: string, onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (adapterId: string) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.deleteKafkaAdapter, { params: { serviceId, adapterId } });
      return adapterId;
    },
    onSuccess: async (adapterId) => {
      onDeleted?.();
      queryClient.setQueryData<KafkaAdapter[]>(kafkaKeys.adapters(serviceId), (adapters) =>
        adapters?.filter((adapter) => adapter.id !== adapterId),
      );
      queryClient.removeQueries({ queryKey: kafkaKeys.state(serviceId, adapterId) });
      await queryClient.invalidateQueries({ queryKey: kafkaKeys.adapters(serviceId) });
    },
    meta: { context: 'deleting the adapter' },
  });
}

const kafkaGateway = 'kafka-gateway' as const;

/** POST /adapters/kafka-gateway/{adapterId}/upgrade {newVersion}; a successful upgrade reloads the list (section 4). */
export function useUpgradeAdapterMutation(serviceId: string, adapterId: string) {
  const refresh = useRefreshAdapters(serviceId);
  return useMutation({
    mutationFn: async (newVersion: string) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.upgradeAdapter, {
        params: { serviceId, adapterId, type: kafkaGateway },
        body: { newVersion },
      });
    },
    onSuccess: refresh,
    meta: { context: 'upgrading the adapter' },
  });
}

export function useScheduleAdapterUpgradeMutation(serviceId: string, adapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { newVersion: string; scheduledTimestamp: number }) => {
      const { apiRequest, routes } = await loadApi();
      try {
        return await apiRequest(routes.scheduleAdapterUpgrade, {
          params: { serviceId, adapterId, type: kafkaGateway },
          body,
        });
      } catch (error) {
        throw unexpectedScheduleReply(error);
      }
    },
    onSuccess: (scheduled) =>
      queryClient.setQueryData(kafkaKeys.schedule(serviceId, adapterId), scheduled),
    meta: { context: 'scheduling the adapter upgrade' },
  });
}

export function useCancelAdapterUpgradeMutation(serviceId: string, adapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.cancelAdapterScheduledUpgrade, {
        params: { serviceId, adapterId, type: kafkaGateway },
      });
    },
    onSuccess: () => queryClient.setQueryData(kafkaKeys.schedule(serviceId, adapterId), null),
    meta: { context: 'cancelling the scheduled upgrade' },
  });
}
