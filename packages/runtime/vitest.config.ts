import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'runtime',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The process tests spawn dist/main.mjs, as the control plane does (docs/decisions/028).
    globalSetup: ['src/testing/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
