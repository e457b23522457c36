/**
 * The API client and the route table, loaded on demand: the route table carries every zod
 * schema, which must stay out of the entry chunk (bundle budget, apps/web/README.md). Queries
 * that the shell runs (the current user) and every mutation go through this.
 */
export async function loadApi() {
  const [{ apiRequest }, { routes }] = await Promise.all([
    import('./api-client'),
    import('@herald/contract/api/routes'),
  ]);
  return { apiRequest, routes };
}

/**
 * The API client with one area of the route table (`@herald/contract/api/routes/<area>`): what every page asks
 * first (the health check, the current user, the login connections) then builds only that area's zod schemas.
 * Building all of them took ~80 ms of main thread unthrottled on the login page, a long task four times that under
 * Lighthouse's mobile preset (bench/page-profile.ts, docs/decisions/030).
 */
export async function loadApiArea<Area>(area: () => Promise<Area>) {
  const [{ apiRequest }, routes] = await Promise.all([import('./api-client'), area()]);
  return { apiRequest, routes };
}
