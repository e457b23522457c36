import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompressPlugin } from './vite-precompress';

/**
 * The service console (console/, docs/decisions/020): a separate small entry served by each service host at `/`
 * with its assets under `/_console/assets/` (modules/console/console-host.ts in the server), so nothing of the
 * dashboard is loaded there. Built after the dashboard into `dist-console/`, beside `dist/`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./console', import.meta.url)),
  base: '/_console/',
  plugins: [precompressPlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist-console', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: process.env.WEB_SOURCEMAP === '1',
  },
});
