import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authKeys } from '../../features/auth/api/keys';
import type { CurrentUserSession } from '../../features/auth/api/user-query';
import { useRefreshCurrentUser } from '../../features/auth/api/user-query';
import { workspaceKeys } from '../../features/workspaces/api/keys';
import { rememberDefaultWorkspaceId } from '../../features/workspaces/utils/default-workspace';

/**
 * After accepting an invitation: refresh the user and the workspaces, then open the new one — or,
 * for a newcomer whose details are still incomplete, the details step first (the joined workspace
 * is remembered, so it opens once the details are done). Deciding here keeps the outcome
 * independent of when the pending-invites query refetches.
 */
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
      const session = queryClient.getQueryData<CurrentUserSession>(authKeys.currentUser());
      const isComplete = session?.user?.detailsComplete ?? true;
      await navigate(isComplete ? `/workspace/${workspaceId}` : '/onboarding/details');
    },
    [queryClient, refreshUser, navigate],
  );
}
