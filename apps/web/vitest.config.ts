import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'console/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Every project runs with the same worker count, so one root run can schedule them together.
    maxWorkers: 2,
    // Room for the 5 s element waits of setup-tests.ts when the whole suite shares two cores.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
