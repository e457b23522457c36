import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { onboardingKeys } from './keys';

/**
 * The workspace invitations waiting for the signed-in user. The onboarding gate asks for them
 * when a verified user's details are incomplete (spec section 4: such users with pending
 * invites may consider an invite instead), and /onboarding/consider-invite lists them.
 */
export const pendingInvitesQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.pendingInvites(),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listPendingInvites, { signal });
    },
  });

export function usePendingInvitesQuery() {
  return useQuery(pendingInvitesQueryOptions());
}
