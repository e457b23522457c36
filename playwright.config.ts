import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import path from 'node:path';

// Browser journeys in Debian's Chromium (no browser download here, STACK.md) against the real
// server on the embedded database, with a throwaway data directory per run.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve('.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    url: `http://127.0.0.1:${port}/v3/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  },
});
