import type { CreateWorkspaceRequest } from '@herald/contract/workspaces/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { workspaceKeys } from './keys';

/** POST /v3/workspace {name}: creates a team whose Owner is the caller. */
export function useCreateWorkspaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWorkspaceRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.createWorkspace, { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    meta: { context: 'creating the team' },
  });
}
