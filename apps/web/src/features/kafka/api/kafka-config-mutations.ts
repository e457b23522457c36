import type {
  KafkaClusterInput,
  KafkaPublisherInput,
  KafkaSubscriberInput,
  TestKafkaConnectionRequest,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { kafkaKeys } from './kafka-keys';
import { withKafkaFailureText } from './kafka-failure';

/** A saved or deleted cluster, publisher or subscriber shows in the list once the server has answered (section 4). */
function useRefresh(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: kafkaKeys.service(serviceId) });
}

type Api = Awaited<ReturnType<typeof loadApi>>;

/** A save whose form shows its failures on its fields; the list refreshes once the server has answered. */
function useSaveMutation<Vars>(
  serviceId: string,
  write: (api: Api, variables: Vars) => Promise<void>,
) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async (variables: Vars) => write(await loadApi(), variables),
    onSuccess: refresh,
    meta: { handlesError: true },
  });
}

export interface ClusterTarget {
  adapterId: string;
  /** null: a new cluster. */
  clusterId: string | null;
}

/** POST …/clusters or PUT …/clusters/{clusterId}; the form shows failures on its fields. */
export function useSaveClusterMutation(serviceId: string) {
  return useSaveMutation(
    serviceId,
    async (
      { apiRequest, routes },
      { adapterId, clusterId, body }: ClusterTarget & { body: KafkaClusterInput },
    ) => {
      try {
        if (clusterId === null) {
          await apiRequest(routes.createKafkaCluster, { params: { serviceId, adapterId }, body });
        } else {
          await apiRequest(routes.updateKafkaCluster, {
            params: { serviceId, adapterId, clusterId },
            body,
          });
        }
      } catch (error) {
        throw withKafkaFailureText(error);
      }
    },
  );
}

export interface ServiceTarget {
  adapterId: string;
  clusterId: string;
  /** null: a new publisher or subscriber. */
  id: string | null;
}

export function useSavePublisherMutation(serviceId: string) {
  return useSaveMutation(
    serviceId,
    async (
      { apiRequest, routes },
      { adapterId, clusterId, id, body }: ServiceTarget & { body: KafkaPublisherInput },
    ) => {
      const params = { serviceId, adapterId, clusterId };
      if (id === null) await apiRequest(routes.createKafkaPublisher, { params, body });
      else
        await apiRequest(routes.updateKafkaPublisher, {
          params: { ...params, publisherId: id },
          body,
        });
    },
  );
}

export function useSaveSubscriberMutation(serviceId: string) {
  return useSaveMutation(
    serviceId,
    async (
      { apiRequest, routes },
      { adapterId, clusterId, id, body }: ServiceTarget & { body: KafkaSubscriberInput },
    ) => {
      const params = { serviceId, adapterId, clusterId };
      if (id === null) await apiRequest(routes.createKafkaSubscriber, { params, body });
      else
        await apiRequest(routes.updateKafkaSubscriber, {
          params: { ...params, subscriberId: id },
          body,
        });
    },
  );
}

export type DeleteTarget =
  | { kind: 'cluster'; adapterId: string; clusterId: string }
  | { kind: 'publisher' | 'subscriber'; adapterId: string; clusterId: string; id: string };

/** Deletes a cluster (with its publishers and subscribers), a publisher or a subscriber. */
export function useDeleteKafkaItemMutation(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async (target: DeleteTarget) => {
      const { apiRequest, routes } = await loadApi();
      const params = { serviceId, adapterId: target.adapterId, clusterId: target.clusterId };
      if (target.kind === 'cluster') await apiRequest(routes.deleteKafkaCluster, { params });
      else if (target.kind === 'publisher')
        await apiRequest(routes.deleteKafkaPublisher, {
          params: { ...params, publisherId: target.id },
        });
      else
        await apiRequest(routes.deleteKafkaSubscriber, {
          params: { ...params, subscriberId: target.id },
        });
    },
    onSuccess: refresh,
    meta: { context: 'deleting' },
  });
}

/**
 * POST …/gateway-kafka-adapters/test-connection: true when the cluster answered; section 7's "failed to test
 * connection" error is false (the form shows why); any other failure is thrown on.
 */
export function useTestConnectionMutation(serviceId: string) {
  return useMutation({
    mutationFn: async (body: TestKafkaConnectionRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.testKafkaConnection, { params: { serviceId }, body });
    },
    meta: { handlesError: true },
  });
}
