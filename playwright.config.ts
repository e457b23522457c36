import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAIL_CATCHER } from './e2e/fixtures/mail';
import { REST_TEST_SERVER } from './e2e/fixtures/rest-api-server';
import { SSO, writeConnectionsFile } from './e2e/fixtures/sso';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

// Browser journeys in Debian's Chromium (no browser download here, STACK.md) against the real
// server on the embedded database, with a throwaway data directory per run.
const port = Number(process.env.E2E_PORT ?? 3100);
// The config is evaluated again in every worker process: the data directory is made once, by the
// main process, and handed to the workers through the environment (workers inherit it).
process.env.HERALD_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'herald-e2e-'));
const dataDir = process.env.HERALD_E2E_DATA_DIR;
const connectionsFile = writeConnectionsFile(dataDir);

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/global-teardown.ts',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The ten slowest journeys are printed at the end (issue 25: a journey crept up to its timeout unseen).
  // The coverage reporter tells the axe coverage check whether the run holds every spec file (docs/decisions/045).
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['./scripts/slowest/playwright-reporter.ts'],
    ['./e2e/support/axe-coverage-reporter.ts'],
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      // A real OpenID Connect provider for single sign-on; first, as the control plane discovers it at start.
      command: 'node --import tsx e2e/support/oidc-idp.ts',
      url: `${SSO.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A real SMTP server the control plane mails to; journeys read the mails back over HTTP.
      command: 'node --import tsx e2e/support/mail-catcher.ts',
      url: `http://127.0.0.1:${MAIL_CATCHER.httpPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        MAIL_CATCHER_SMTP_PORT: String(MAIL_CATCHER.smtpPort),
        MAIL_CATCHER_HTTP_PORT: String(MAIL_CATCHER.httpPort),
      },
    },
    {
      command: 'node --import tsx apps/server/src/server.ts',
      url: `http://127.0.0.1:${port}/v3/health`,
      reuseExistingServer: false,
      // Seconds on an idle machine; over a minute on a loaded 2-core one (TypeScript loaded through tsx).
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      // A graceful stop lets the control plane stop the service runtimes it started.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(port),
        // Away from the default range, so a developer's own server can run beside the journeys.
        SERVICE_PORT_BASE: String(port + 21_000),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${MAIL_CATCHER.smtpPort}`,
        AUTH_CONNECTIONS_FILE: connectionsFile,
        // Every journey signs its people up from loopback: more than the default 20 an hour of one address.
        SIGNUPS_PER_ADDRESS: '1000',
        // The usage journey waits for published messages to reach the usage screen: scrape often.
        METRICS_SCRAPE_SECONDS: '2',
        // The REST adapter journey's own web API on loopback, allowed by name (issue 28; loopback is refused else).
        REST_ADAPTER_ALLOWED_HOSTS: `${REST_TEST_SERVER.host}:${REST_TEST_SERVER.port}`,
      },
    },
  ],
});
