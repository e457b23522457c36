import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { connectionsQueryOptions } from '../features/auth/api/connections-query-options';
import { currentUserQueryOptions } from '../features/auth/api/user-query-options';
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

/**
 * Every page: the current user, which the onboarding gate waits for, asked before any route chunk has loaded. On the
 * login page also the other ways to log in (public), so the form first renders complete, as the page painted from
 * the HTML shows it, instead of with a spinner under it that then goes away.
 */
export const rootLoader = ({ request }: LoaderFunctionArgs) =>
  prefetchInBackground((client) =>
    Promise.all([
      client.prefetchQuery(currentUserQueryOptions()),
      new URL(request.url).pathname === '/' && client.prefetchQuery(connectionsQueryOptions()),
    ]),
  );

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

/**
 * `/service/:serviceId/topics/*`: the tree's levels down to the selected topic, and that topic, in parallel with the
 * service layout's calls (a bookmarked deep path would otherwise load level after level as the tree opens).
 */
export const topicsLoader = ({ params }: LoaderFunctionArgs) =>
  prefetchInBackground(async (client) => {
    const { serviceId } = params;
    if (serviceId === undefined || serviceId === '') return;
    const [{ topicTreeQuery, topicQuery }, { ancestorPaths, topicPathFromSplat }, signedIn] =
      await Promise.all([
        import('../features/topics/api/topic-queries'),
        import('../features/topics/utils/topic-url'),
        isSignedIn(client),
      ]);
    if (!signedIn) return;
    const path = topicPathFromSplat(params['*']);
    await Promise.all([
      ...['', ...ancestorPaths(path)].map((parent) =>
        client.prefetchQuery(topicTreeQuery(serviceId, parent)),
      ),
      path !== '' && client.prefetchQuery(topicQuery(serviceId, path)),
    ]);
  });
