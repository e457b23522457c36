import type { UpdateUserRequest } from '@herald/contract/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/**
 * PUT /v3/user with the onboarding details (first name, last name, company). `onSaved` runs
 * before the mutation counts as done, so the button keeps its loader until the user is fresh.
 */
export function useUpdateDetailsMutation({ onSaved }: { onSaved: () => Promise<void> }) {
  return useMutation({
    mutationFn: async (details: UpdateUserRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.updateUser, { body: details });
    },
    onSuccess: () => onSaved(),
    meta: { handlesError: true },
  });
}
