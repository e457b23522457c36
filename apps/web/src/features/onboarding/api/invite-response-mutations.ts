import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { onboardingKeys } from './keys';

/** POST /v3/user/pending-invites/{inviteId}/accept → the joined workspace's id. */
export function useAcceptInviteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inviteId: string) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.acceptInvite, { params: { inviteId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.pendingInvites() }),
    meta: { context: 'accepting the invitation' },
  });
}

/** POST /v3/user/pending-invites/{inviteId}/decline. */
export function useDeclineInviteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inviteId: string) => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.declineInvite, { params: { inviteId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.pendingInvites() }),
    meta: { context: 'declining the invitation' },
  });
}
