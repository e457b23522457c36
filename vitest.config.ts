import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.config.ts';

// One Vitest run for every workspace; each workspace has its own project file. The server defines two projects
// (server-pglite, server-postgres) and Vitest does not nest projects, so they are listed here directly.
export default defineConfig({
  test: {
    // The default report, then the ten slowest tests (issue 25: see the next slow test before it times out).
    reporters: ['default', './scripts/slowest/vitest-reporter.ts'],
    projects: [
      'packages/contract',
      'packages/runtime',
      'packages/kafka-mock',
      'packages/adapter-kit',
      'packages/kafka-adapter',
      'packages/rest-adapter',
      ...serverProjects,
      'apps/web',
    ],
  },
});
