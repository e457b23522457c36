import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { connectionsQueryOptions } from '../features/auth/api/connections-query-options';
import { currentUserQueryOptions } from '../features/auth/api/user-query-options';
import { servicesListWorkspaceId } from '@herald/contract/api/page-answers';
import { loadApi } from '../lib/api/load-api';
import { readRememberedPath } from '../lib/browser/remembered-path';
import { prefetchInBackground } from '../lib/queries/route-prefetch';

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
        import('../lib/queries/service-queries'),
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
      import('../lib/queries/service-queries'),
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

/** Where the onboarding gate sends a complete user after login: the remembered path, else the services list. */
function landingPathname(): string {
  const remembered = readRememberedPath();
  // The gate ignores what is not an in-app path; so does this guess.
  if (remembered === null || !remembered.startsWith('/') || remembered.startsWith('//'))
    return '/workspace';
  return remembered.split(/[?#]/)[0] ?? '/workspace';
}

/**
 * The calls of the page a login lands on, started the moment the login answers (lib/queries/sign-in-prefetch.ts),
 * where they used to follow one another: login, then the user, then (gate, /workspace) the workspaces, then
 * (/workspace/{id}) that workspace's services and the catalogue, then the statuses (issue 25, item 23;
 * docs/decisions/041). Now:
 * - with the user's fetch: the workspaces, and on the services list the catalogue and, when the workspace is known
 *   already (named by the remembered path, or the organisation last chosen in this browser), its services and their
 *   statuses;
 * - with the workspaces' answer: the services and statuses of the workspace /workspace picks, if not asked yet.
 * The gate still decides where the user goes: a user it sends elsewhere (onboarding) has asked a few calls for
 * nothing, which the server refuses (403, nothing shown). Each answer lands where the page's own query looks.
 */
export async function signedInLandingPrefetch(
  client: QueryClient,
  session: Promise<unknown>,
): Promise<void> {
  const [
    { workspacesQueryOptions },
    serviceQueries,
    { pickDefaultWorkspace },
    { readDefaultWorkspaceId },
  ] = await Promise.all([
    import('../features/workspaces/api/workspaces-query'),
    import('../lib/queries/service-queries'),
    import('../features/workspaces/hooks/use-current-workspace'),
    import('../features/workspaces/utils/default-workspace'),
    // The whole route table (the login page loaded only its identity area), while the login is on its way.
    loadApi(),
    session,
  ]);
  const pathname = landingPathname();
  const isIndex = /^\/workspace\/?$/.test(pathname);
  const isServicesList = isIndex || servicesListWorkspaceId(pathname) !== null;
  const asked = new Set<string>();
  const askServicesOf = (workspaceId: string, withStatuses: boolean) => {
    if (asked.has(workspaceId)) return undefined;
    asked.add(workspaceId);
    return Promise.all([
      client.prefetchQuery(serviceQueries.workspaceServicesQueryOptions(workspaceId)),
      withStatuses &&
        client.prefetchQuery(serviceQueries.workspaceServiceStatusesQueryOptions(workspaceId)),
    ]);
  };
  const knownWorkspaceId = isIndex ? readDefaultWorkspaceId() : servicesListWorkspaceId(pathname);

  await Promise.all([
    client.fetchQuery(workspacesQueryOptions()).then(
      (workspaces) => {
        if (!isIndex) return undefined;
        const picked = pickDefaultWorkspace(workspaces);
        // The statuses only for a workspace with services: the page asks none otherwise.
        return picked && askServicesOf(picked.workspace_id, picked.services.length > 0);
      },
      // The page's own query shows the failure.
      () => undefined,
    ),
    isServicesList && client.prefetchQuery(serviceQueries.metadataQueryOptions()),
    // Not known yet whether it has services: the statuses are asked anyway, one call in the same round trip.
    isServicesList && knownWorkspaceId !== null && askServicesOf(knownWorkspaceId, true),
  ]);
}
