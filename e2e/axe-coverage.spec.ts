import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PageCoverage } from './fixtures/page-coverage';
import { test, expect, expectAccessible } from './fixtures/test';
import { assertEveryVisitedPageRead, readLedger, unreadPages } from './support/axe-coverage';
import { pageOf } from './support/page-patterns';

/*
 * The check behind issue 25's "axe ... on every page it visits" (docs/decisions/045) must be able to fail: these
 * journeys drive its parts against a ledger of their own, so the run's ledger is untouched.
 */

test('each URL a journey reaches counts as the page of its route pattern', () => {
  const cases: [url: string, pattern: string | null][] = [
    ['http://localhost:3100/', '/'],
    ['http://localhost:3100/signup?invite=abc', '/signup'],
    ['http://localhost:3100/workspace/ws_1', '/workspace/:workspaceId'],
    [
      'http://localhost:3100/workspace/ws_1/evaluation/intro',
      '/workspace/:workspaceId/evaluation/*',
    ],
    ['http://localhost:3100/service/0123456789ab/topics/', '/service/:serviceId/topics/*'],
    ['http://localhost:3100/service/0123456789ab/topics/a/b', '/service/:serviceId/topics/*'],
    [
      'http://localhost:3100/service/0123456789ab/sdk-api/go',
      '/service/:serviceId/sdk-api/:language?',
    ],
    [
      'http://localhost:3100/service/0123456789ab/sdk-api',
      '/service/:serviceId/sdk-api/:language?',
    ],
    ['http://localhost:3100/service/0123456789ab/roles', '/service/:serviceId/roles'],
    [
      'http://localhost:3100/service/0123456789ab/roles/roles/admin',
      '/service/:serviceId/roles/roles/:roleName?',
    ],
    ['http://localhost:3100/service/0123456789ab/metrics', '/service/:serviceId/metrics'],
    [
      'http://localhost:3100/service/0123456789ab/metrics/configure/x',
      '/service/:serviceId/metrics/configure/*',
    ],
    [
      'http://localhost:3100/service/0123456789ab/kafka',
      '/service/:serviceId/kafka/:kafkaAdapterId?',
    ],
    [
      'http://localhost:3100/service/0123456789ab/kafka/ka_1',
      '/service/:serviceId/kafka/:kafkaAdapterId?',
    ],
    ['http://localhost:3100/service/0123456789ab/rest', '/service/:serviceId/rest/:apiId?'],
    ['http://localhost:3100/service/0123456789ab/rest/api_1', '/service/:serviceId/rest/:apiId?'],
    ['http://localhost:3100/service/0123456789ab/no/such', '/service/:serviceId/*'],
    ['http://localhost:3100/pay/cs_1', '/pay/:session'],
    ['http://localhost:3100/v3/docs', '/v3/docs'],
    ['http://localhost:3100/no/such/page', '*'],
    ['http://localhost:3100/workspace/ws_1/no-such', '*'],
    ['http://demo.eu-west-1.localhost:3100/', 'service host /'],
    // No page of ours: an API answer in the tab, a blank tab, another site.
    ['http://localhost:3100/v3/user', null],
    ['about:blank', null],
    ['https://example.com/', null],
  ];
  expect(cases.map(([url]) => pageOf(url, 'localhost')?.pattern ?? null)).toEqual(
    cases.map(([, pattern]) => pattern),
  );
  // Routes that only send the browser on are nothing to read.
  expect(pageOf('http://localhost:3100/service/x/logs', 'localhost')?.kind).toBe('redirect');
});

test('a page visited and not read fails the run; read, it passes', async ({ browser, baseURL }) => {
  const ledgerDir = mkdtempSync(path.join(os.tmpdir(), 'herald-axe-ledger-'));
  const coverage = new PageCoverage(ledgerDir, new URL(baseURL!).hostname, 'coverage self-test');
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  coverage.watch(context);
  const page = await context.newPage();
  try {
    // A full load, then a client-side navigation (the router's pushState): both are visits.
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.evaluate(() => history.pushState(null, '', '/no/such/page'));
    await expect(page).toHaveURL(/\/no\/such\/page$/);

    const unread = unreadPages(readLedger(ledgerDir));
    expect(unread).toEqual([
      expect.stringMatching(/^\/signup \(visited at .*\/signup by coverage self-test\)/),
      expect.stringMatching(/^\* \(visited at .*\/no\/such\/page by coverage self-test\)/),
    ]);
    expect(() => assertEveryVisitedPageRead(readLedger(ledgerDir))).toThrow(
      /^Pages visited and not read.*\n\/signup .*\n\* /,
    );

    // Reading one leaves the other named; reading both passes.
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expectAccessible(page);
    expect(unreadPages(readLedger(ledgerDir))).toEqual([expect.stringMatching(/^\* /)]);
    expect(coverage.unreadVisits(context)).toEqual([
      { pattern: '*', url: expect.stringMatching(/\/no\/such\/page$/) },
    ]);
    await page.goto('/no/such/page');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await expectAccessible(page);
    expect(() => assertEveryVisitedPageRead(readLedger(ledgerDir))).not.toThrow();
  } finally {
    await context.close();
  }
});
