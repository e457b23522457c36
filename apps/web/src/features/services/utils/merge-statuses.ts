import type { Service } from '@herald/contract/services/service.schema';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import type { WorkspaceServiceStatus } from '@herald/contract/workspaces/workspace.schema';

/**
 * The services with the statuses of the one status call merged in by serviceId, so the cards
 * follow a starting service while the status poll runs. A service the status call does not (yet)
 * know keeps the status of the list.
 */
export function mergeStatuses(
  services: readonly Service[],
  statuses: readonly WorkspaceServiceStatus[] | undefined,
): Service[] {
  const byId = new Map<string, ServiceStatus>(
    (statuses ?? []).map((item) => [item.serviceId, item.status]),
  );
  return services.map((service) => {
    const status = byId.get(service.serviceId);
    return status === undefined || status === service.status ? service : { ...service, status };
  });
}
