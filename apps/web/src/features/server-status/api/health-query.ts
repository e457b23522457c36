import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApiArea } from '../../../lib/api/load-api';
import { serverStatusKeys } from './keys';

export const SERVER_STATUS_CHECK_CONTEXT = 'the server status check';

/** Spec section 8: known server messages map to friendlier text (a 5xx otherwise shows the general text). */
export const SERVER_STATUS_FRIENDLY_MESSAGES = {
  'Database unavailable': 'The server cannot reach its database.',
} as const;

/**
 * One `GET /v3/health` on app start. A failure (503 when the database is down) toasts
 * 'An error was encountered in the server status check' with a friendly detail.
 * The client and the health route are imported on demand so their zod schemas stay out of the
 * entry chunk (the bundle budget); the check runs right after the first render.
 */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: serverStatusKeys.health(),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApiArea(
        async () => (await import('@herald/contract/api/routes/health')).healthRoutes,
      );
      return apiRequest(routes.getHealth, { signal });
    },
    retry: false,
    staleTime: Infinity,
    meta: {
      toastOnError: {
        context: SERVER_STATUS_CHECK_CONTEXT,
        friendlyMessages: SERVER_STATUS_FRIENDLY_MESSAGES,
      },
      keepOnAuthReset: true,
    },
  });

export function useHealthQuery() {
  return useQuery(healthQueryOptions());
}
