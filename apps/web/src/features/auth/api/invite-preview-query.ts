import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { authKeys } from './keys';

/**
 * GET /v3/invites/{inviteId}: the team, the inviter's name and the invited e-mail of an invitation
 * link, for the sign-up page. A 404 (unknown, expired or used) is an answer, not worth a retry.
 */
export const invitePreviewQueryOptions = (inviteId: string) =>
  queryOptions({
    queryKey: authKeys.invitePreview(inviteId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getInvitePreview, { params: { inviteId }, signal });
    },
    staleTime: 5 * 60_000,
  });

export function useInvitePreviewQuery(inviteId: string | null) {
  return useQuery({ ...invitePreviewQueryOptions(inviteId ?? ''), enabled: inviteId !== null });
}
