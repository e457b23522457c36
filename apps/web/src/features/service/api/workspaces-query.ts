import { rolesOfUser, type Role } from '@herald/contract/members/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { serviceAreaKeys } from './keys';

/** The signed-in user's workspaces, with their services expanded (the same call as the workspace area). */
export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: serviceAreaKeys.workspaces(),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listWorkspaces, { signal, query: { expandServices: 'true' } });
    },
  });

/** The user's roles in the workspace that holds the service (spec section 6); none while loading. */
export function useServiceRoles(workspaceId: string | undefined, customerid: string): Role[] {
  const { data } = useQuery(workspacesQueryOptions());
  const workspace = data?.find((candidate) => candidate.workspace_id === workspaceId);
  return rolesOfUser(workspace, customerid);
}
