import { queryOptions, useQuery } from '@tanstack/react-query';
import { serverStatusKeys } from './keys';

export const SERVER_STATUS_CHECK_CONTEXT = 'the server status check';

/**
 * One `GET /v3/health` on app start. A failure (503 when the database is down) toasts
 * 'An error was encountered in the server status check' with the server's detail.
 * The client and the route table are imported on demand so their zod schemas stay out of the
 * entry chunk (the bundle budget); the check runs right after the first render.
 */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: serverStatusKeys.health(),
    queryFn: async ({ signal }) => {
      const [{ apiRequest }, { routes }] = await Promise.all([
        import('../../../lib/api-client'),
        import('@herald/contract/api/routes'),
      ]);
      return apiRequest(routes.getHealth, { signal });
    },
    retry: false,
    staleTime: Infinity,
    meta: { toastOnError: { context: SERVER_STATUS_CHECK_CONTEXT }, keepOnAuthReset: true },
  });

export function useHealthQuery() {
  return useQuery(healthQueryOptions());
}
