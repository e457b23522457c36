import { useQuery } from '@tanstack/react-query';
import {
  metadataQueryOptions,
  workspaceServicesQueryOptions,
  workspaceServiceStatusesQueryOptions,
} from '../../../lib/queries/service-queries';

/** GET /v3/workspace/{workspaceId}/services. */
export function useWorkspaceServicesQuery(workspaceId: string) {
  return useQuery(workspaceServicesQueryOptions(workspaceId));
}

/**
 * GET /v3/workspace/{workspaceId}/services/status, polled while a service is transitional. Only
 * asked for once the workspace has services: there is nothing to poll otherwise.
 */
export function useWorkspaceServiceStatusesQuery(workspaceId: string, enabled: boolean) {
  return useQuery({ ...workspaceServiceStatusesQueryOptions(workspaceId), enabled });
}

/** GET /v3/metadata: tiers (plan names on the cards), regions and versions (the create flow). */
export function useMetadataQuery() {
  return useQuery(metadataQueryOptions());
}
