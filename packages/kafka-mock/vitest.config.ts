import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'kafka-mock',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Compiles the launcher once per run (and installs its Debian packages when missing), not inside a test.
    globalSetup: ['src/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
