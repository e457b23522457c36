import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './vite-precompress';
import { preloadApiPlugin } from './vite-preload-api';
import { staticShellsPlugin } from './vite-static-shells';

// The control plane (apps/server) serves the API, OFREP and dev helpers; in development the
// SPA is served by Vite and these paths are proxied so the browser sees one origin, as in
// production (same-origin cookies, CSP `script-src 'self'`).
const CONTROL_PLANE = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/v3', '/ofrep', '/_dev', '/pay'].map((prefix) => [
    prefix,
    { target: CONTROL_PLANE, changeOrigin: false },
  ]),
);

// React Router 7's package exports only its development build (extra checks and warnings: ~140 ms of main thread
// on the login page under Lighthouse's 4× CPU slowdown, bench/page-profile.ts); builds take the production one it
// ships beside it. docs/decisions/030.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [react(), preloadApiPlugin(), staticShellsPlugin(), precompressPlugin()],
  build: {
    // scripts/check-bundle-budget.mjs reads dist/.vite/manifest.json to size the entry chunk.
    manifest: true,
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    // The server-side build of the painted pages (vite-static-shells.ts) sets its own entries and chunks.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Left to itself the build cut Mantine into ~100 chunks of a few KiB (one per set of routes sharing a
              // component): the login page asked 90 files, and Vite's preload helper spent ~200 ms of main thread
              // under a 4× CPU slowdown appending a <link rel=modulepreload> per file (bench/page-profile.ts). One
              // Mantine chunk, fetched once and cached across every page, costs less than that. docs/decisions/030.
              // React goes first: the Mantine group takes its modules' dependencies with it, and React in the Mantine
              // chunk would make the entry load all of Mantine.
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 2,
                },
                {
                  name: 'mantine',
                  test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/].*\.mjs$/,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  server: { proxy },
  // `vite preview` reuses server.proxy, so screenshots of the built app reach the API too.
  preview: { proxy },
}));
