import type { AdminPrincipalRequest } from '@herald/contract/console/console.schema';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/** POST /v3/service/{id}/console/sso: a 30-second single-use ticket for the console's single sign-on. */
export function useConsoleSsoTicketMutation(serviceId: string) {
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.createConsoleSsoTicket, { params: { serviceId } });
    },
    meta: { context: 'opening the console' },
  });
}

/**
 * PUT /v3/service/{id}/admin-principal: the Setup admin user modal's call. Its failure is the modal's own toast
 * ('Failed to update: ' plus the cause, spec section 8), not the central one.
 */
export function useAdminPrincipalMutation(serviceId: string) {
  return useMutation({
    mutationFn: async (body: AdminPrincipalRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putAdminPrincipal, { params: { serviceId }, body });
    },
    meta: { handlesError: true },
  });
}
