import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { createServiceKeys } from './keys';

/** GET /v3/workspace/{workspaceId}/credit: the available credit, in cents. */
export const workspaceCreditQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: createServiceKeys.credit(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getWorkspaceCredit, { signal, params: { workspaceId } });
    },
  });

/** Spec section 6: available credit is fetched only if the user may create-service. */
export function useWorkspaceCreditQuery(workspaceId: string, canCreateService: boolean) {
  return useQuery({ ...workspaceCreditQueryOptions(workspaceId), enabled: canCreateService });
}
