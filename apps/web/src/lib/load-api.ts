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
