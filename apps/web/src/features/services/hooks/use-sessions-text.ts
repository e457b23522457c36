import { sessionsText } from '@herald/contract/services/service-display';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { useQuery } from '@tanstack/react-query';
import { liveMetricsQueryOptions } from '../../../lib/queries/service-queries';

/**
 * A card's live session count as text (issue 5: cards show sessions), polled like the overview's
 * live metrics and sharing their query. Only a RUNNING service has a runtime to ask; the others
 * show a dash rather than a stale or made-up zero.
 */
export function useSessionsText(serviceId: string, status: ServiceStatus): string {
  const isRunning = status === 'RUNNING';
  const metrics = useQuery({ ...liveMetricsQueryOptions(serviceId), enabled: isRunning });
  return sessionsText(isRunning, metrics.isError ? null : metrics.data?.sessions);
}
