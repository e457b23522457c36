import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

export const DELETE_ACCOUNT_CONTEXT = 'deleting your account';

/** DELETE /v3/user. A failure toasts centrally: 'An error was encountered in deleting your account'. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.deleteUser);
    },
    meta: { context: DELETE_ACCOUNT_CONTEXT },
  });
}
