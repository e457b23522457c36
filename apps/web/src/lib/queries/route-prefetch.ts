import type { QueryClient } from '@tanstack/react-query';

/**
 * Route loaders that start a page's queries at once and in parallel, instead of each component asking when it
 * mounts (user → workspaces → services, a waterfall of round trips). They never make navigation wait: the loader
 * returns at once and the components show skeletons until the data they share with it arrives (docs/decisions/017).
 */
let appQueryClient: QueryClient | undefined;

/** The app's query client, given to the loaders by the router that owns them (AppRouter). */
export function provideRouteQueryClient(client: QueryClient): void {
  appQueryClient = client;
}

/**
 * Runs `prefetch` in the background with the app's query client and returns null, the loader's (empty) data. A
 * router without a client (component tests) prefetches nothing. A failed prefetch is not shown here: the page's own
 * query reports it.
 */
export function prefetchInBackground(prefetch: (client: QueryClient) => Promise<unknown>): null {
  if (appQueryClient) void prefetch(appQueryClient).catch(() => undefined);
  return null;
}
