import { readableAdapters } from '@herald/contract/kafka/kafka-adapter-list';
import { KAFKA_STATE_POLL_MS } from '@herald/contract/kafka/kafka-adapter-state';
import { isNoAdapterSchedule } from '@herald/contract/kafka/kafka-adapter-failures';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { loadApi } from '../../../lib/api/load-api';
import { kafkaKeys } from './kafka-keys';
import { withKafkaFailureText } from './kafka-failure';

/**
 * GET …/gateway-kafka-adapters. Records without a label are left out and each is reported as the section 8 warning
 * in the console (sections 3 and 8).
 */
export const kafkaAdaptersQuery = (serviceId: string) =>
  queryOptions({
    queryKey: kafkaKeys.adapters(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      try {
        const records = await apiRequest(routes.listKafkaAdapters, {
          signal,
          params: { serviceId },
        });
        const { adapters, skipped, warning } = readableAdapters(records);
        for (const record of skipped) console.warn(warning, record);
        return adapters;
      } catch (error) {
        throw withKafkaFailureText(error);
      }
    },
  });

export function useKafkaAdapters(serviceId: string) {
  return useQuery(kafkaAdaptersQuery(serviceId));
}

/** The adapter's live state, polled while a screen showing it is open (an inactive adapter is not asked). */
export function useKafkaAdapterState(serviceId: string, adapterId: string, enabled: boolean) {
  return useQuery({
    queryKey: kafkaKeys.state(serviceId, adapterId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getKafkaAdapterState, {
        signal,
        params: { serviceId, adapterId },
      });
    },
    enabled,
    refetchInterval: KAFKA_STATE_POLL_MS,
    staleTime: 0,
  });
}

/**
 * GET /adapters/kafka-gateway/{adapterId}/scheduled-update: null when none is scheduled (a 404 with either of the
 * section 8 messages). A reply without version and timestamp is section 8's 'Unexpected response ...'.
 */
export function useAdapterSchedule(serviceId: string, adapterId: string, enabled: boolean) {
  return useQuery({
    queryKey: kafkaKeys.schedule(serviceId, adapterId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      try {
        return await apiRequest(routes.getAdapterScheduledUpgrade, {
          signal,
          params: { serviceId, adapterId, type: 'kafka-gateway' },
        });
      } catch (error) {
        if (isApiError(error) && isNoAdapterSchedule(error)) return null;
        throw unexpectedScheduleReply(error);
      }
    },
    enabled,
  });
}

/** A 2xx reply that did not match the schema (no version or timestamp) is section 8's scheduled-update error. */
export function unexpectedScheduleReply(error: unknown): unknown {
  if (isApiError(error) && error.code === 'INVALID_RESPONSE') {
    return Object.assign(new Error(KAFKA_MESSAGES.unexpectedScheduledUpdateResponse), {
      friendlyMessage: KAFKA_MESSAGES.unexpectedScheduledUpdateResponse,
      technicalMessage: error.technicalMessage,
    });
  }
  return error;
}
