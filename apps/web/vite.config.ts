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

export default defineConfig({
  plugins: [react(), preloadApiPlugin(), staticShellsPlugin(), precompressPlugin()],
  build: {
    // scripts/check-bundle-budget.mjs reads dist/.vite/manifest.json to size the entry chunk.
    manifest: true,
    sourcemap: process.env.WEB_SOURCEMAP === '1',
  },
  server: { proxy },
  // `vite preview` reuses server.proxy, so screenshots of the built app reach the API too.
  preview: { proxy },
});
