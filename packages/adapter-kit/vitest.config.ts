import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'adapter-kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Every project runs with the same worker count, so one root run can schedule them together.
    maxWorkers: 2,
  },
});
