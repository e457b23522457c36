import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Every server test runs twice: on the embedded database (PGlite) and on a real PostgreSQL 15 server
 * (docs/decisions/001). Same files, one environment variable apart; global-setup.ts builds each leg's template.
 */
function leg(database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: `server-${database}`,
      root: import.meta.dirname,
      environment: 'node',
      include: ['src/**/*.test.ts'],
      env: { HERALD_TEST_DB: database },
      globalSetup: ['src/testing/global-setup.ts'],
      // Worker threads start far cheaper than forked processes, which matters when every file loads a database
      // (measured here on 2 cores: both legs ~26 s on threads with 2 workers, ~45-55 s on forks).
      pool: 'threads',
      // A worker keeps the modules it loaded from one file to the next instead of importing the server's module
      // graph afresh per file: every file already opens its own database and app, and none mocks a module. Measured
      // on the PGlite leg alone, 2 cores, quiet: 358 s → 292 s (imports 192 s → 16 s), the same 105 files passing.
      isolate: false,
      // Vitest's default leaves a 2-core machine with one worker; PGlite loads are CPU-bound, two keep both busy.
      maxWorkers: 2,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export const serverProjects = [leg('pglite'), leg('postgres')];

export default defineConfig({ test: { projects: serverProjects } });
