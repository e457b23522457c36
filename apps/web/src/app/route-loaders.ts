import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { currentUserQueryOptions } from '../features/auth/api/user-query';
import { prefetchInBackground } from '../lib/route-prefetch';

/*
 * The route loaders of router.tsx (docs/decisions/017). Each starts what its page needs in parallel and returns at
 * once. Queries about the user's data wait for the user's answer first: a visitor who is not signed in must not
 * fire calls that answer 401 (the API client reloads the page on a 401).
 */

/** Whether someone is signed in; the query is shared with the onboarding gate, so it is asked once. */
async function isSignedIn(client: QueryClient): Promise<boolean> {
  const session = await client.fetchQuery(currentUserQueryOptions());
  return session.user !== null;
}

/** Every page: the current user, which the onboarding gate waits for, asked before any route chunk has loaded. */
export const rootLoader = () =>
  prefetchInBackground((client) => client.prefetchQuery(currentUserQueryOptions()));

/** `/workspace` and `/workspace/:workspaceId`: the workspaces (frame, guard) and that workspace's services. */
export const workspaceLoader = ({ params }: LoaderFunctionArgs) =>
  prefetchInBackground(async (client) => {
    const [{ workspacesQueryOptions }, { workspaceServicesQueryOptions }, signedIn] =
      await Promise.all([
        import('../features/workspaces/api/workspaces-query'),
        import('../lib/service-queries'),
        isSignedIn(client),
      ]);
    if (!signedIn) return;
    const { workspaceId } = params;
    await Promise.all([
      client.prefetchQuery(workspacesQueryOptions()),
      workspaceId !== undefined && client.prefetchQuery(workspaceServicesQueryOptions(workspaceId)),
    ]);
  });

/** `/service/:serviceId`: the service (layout), and the workspaces (top bar, and the user's roles in the service). */
export const serviceLoader = ({ params }: LoaderFunctionArgs) =>
  prefetchInBackground(async (client) => {
    const { serviceId } = params;
    if (serviceId === undefined || serviceId === '') return;
    const [workspaceArea, serviceArea, { serviceQueryOptions }, signedIn] = await Promise.all([
      import('../features/workspaces/api/workspaces-query'),
      import('../features/service/api/workspaces-query'),
      import('../lib/service-queries'),
      isSignedIn(client),
    ]);
    if (!signedIn) return;
    // Each area keeps its own query of the same list (features do not import one another).
    await Promise.all([
      client.prefetchQuery(serviceQueryOptions(serviceId)),
      client.prefetchQuery(workspaceArea.workspacesQueryOptions()),
      client.prefetchQuery(serviceArea.workspacesQueryOptions()),
    ]);
  });
