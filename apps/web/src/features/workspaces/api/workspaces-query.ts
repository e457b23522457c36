import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { workspaceKeys } from './keys';

/** The signed-in user's workspaces (organisations), with their services expanded. */
export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspaceKeys.list(),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listWorkspaces, { signal, query: { expandServices: 'true' } });
    },
  });

export function useWorkspacesQuery() {
  return useQuery(workspacesQueryOptions());
}
