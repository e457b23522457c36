import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'rest-adapter',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The runtime's and the adapter's bundles, built once before the process tests start them.
    globalSetup: ['src/testing/global-setup.ts'],
    // Every project runs with the same worker count, so one root run can schedule them together.
    maxWorkers: 2,
  },
});
