import type { UpdateUserRequest } from '@herald/contract/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/** PUT /v3/user {updates}: the profile's names and company. The form shows failures. */
export function useUpdateProfileMutation() {
  return useMutation({
    mutationFn: async (updates: UpdateUserRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.updateUser, { body: updates });
    },
    meta: { handlesError: true },
  });
}
