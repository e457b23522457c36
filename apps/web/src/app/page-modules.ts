/**
 * The route modules a signed-in page loads before it can show anything, by path (a regular expression over the
 * pathname). The server sends their chunks as `<link rel=modulepreload>` with the page's HTML, so they download
 * beside the entry instead of after it has run and the router has matched (docs/decisions/032). The build
 * (vite-page-preloads.ts) turns the modules into chunk files and fails when one is not a chunk of the app.
 * Keep in step with app/router.tsx: the services list is default-layout → workspace-guard → workspace.
 */
export const PAGE_MODULES: readonly { path: string; modules: readonly string[] }[] = [
  {
    path: '^/workspace/[^/]+/?$',
    modules: [
      'src/app/layouts/default-layout.tsx',
      'src/app/routes/workspace-guard.tsx',
      'src/app/routes/workspace.tsx',
    ],
  },
];
