import { queryOptions } from '@tanstack/react-query';
import { loadApiArea } from '../../../lib/api/load-api';
import { authKeys } from './keys';

/** GET /v3/auth/connections (the hook is in connections-query.ts: the entry chunk needs only this): the operator's social and SSO connections (login buttons). */
export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.connections(),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApiArea(
        async () => (await import('@herald/contract/api/routes/identity')).identityRoutes,
      );
      const { connections } = await apiRequest(routes.listConnections, { signal });
      return connections;
    },
    staleTime: 5 * 60_000,
    meta: { keepOnAuthReset: true },
  });
