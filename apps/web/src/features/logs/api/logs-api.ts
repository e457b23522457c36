import type { Logs, LogsQuery } from '@herald/contract/logs/logs.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { logsKeys } from './logs-keys';
import type { LogViewSource } from './log-source';

/** One page of a log (spec section 7 "Logs"): each kind has its own route, all with the same query and answer. */
export async function fetchLogPage(
  source: LogViewSource,
  query: LogsQuery,
  signal?: AbortSignal,
): Promise<Logs> {
  const { apiRequest, routes } = await loadApi();
  const params = { serviceId: source.serviceId };
  switch (source.kind) {
    case 'event':
      return apiRequest(routes.getEventLogs, { params, query, signal });
    case 'service':
      return apiRequest(routes.getServiceLogs, { params, query, signal });
    case 'rest-adapter':
      return apiRequest(routes.getRestAdapterLogs, { params, query, signal });
    case 'kafka-adapter':
      return apiRequest(routes.getKafkaAdapterLogs, {
        params: { ...params, adapterId: source.adapterId },
        query,
        signal,
      });
  }
}

/** GET …/logs/sources: the Kafka adapters and the REST adapter that have written logs. */
export const logSourcesQuery = (serviceId: string) =>
  queryOptions({
    queryKey: logsKeys.sources(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getLogSources, { signal, params: { serviceId } });
    },
  });

export function useLogSources(serviceId: string) {
  return useQuery(logSourcesQuery(serviceId));
}
