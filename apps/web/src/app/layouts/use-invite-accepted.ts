import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshCurrentUser } from '../../features/auth/api/user-query';
import { workspaceKeys } from '../../features/workspaces/api/keys';
import { rememberDefaultWorkspaceId } from '../../features/workspaces/utils/default-workspace';

/** After accepting an invitation: refresh the user and the workspaces, then open the new one. */
export function useInviteAccepted(): (workspaceId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshCurrentUser();
  const navigate = useNavigate();
  return useCallback(
    async (workspaceId: string) => {
      rememberDefaultWorkspaceId(workspaceId);
      await Promise.all([
        refreshUser(),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all, refetchType: 'all' }),
      ]);
      await navigate(`/workspace/${workspaceId}`);
    },
    [queryClient, refreshUser, navigate],
  );
}
