import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newAccount, signUpVerified } from './fixtures/accounts';
import { logIn } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

/** Issue 9, "Slow networks show blank spinners": every API answer arrives 3 s late. */
const API_DELAY_MS = 3_000;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 800 };
// Outside test-results, which the next Playwright run empties: they are there to be looked at.
const SCREENSHOTS = path.join(os.tmpdir(), 'herald-screenshots', 'slow-network');

/** Holds every /v3 answer back; records, in order, when each call was sent and when its answer came. */
async function delayApi(page: Page) {
  const events: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/v3/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      events.push(`sent ${pathname}`);
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
      await route.continue().catch(() => undefined);
      events.push(`answered ${pathname}`);
    },
  );
  return {
    /** Whether `path` was asked for before the answer to `other` came back (no waterfall between them). */
    wasSentBeforeAnswerTo(path: string, other: string) {
      const sent = events.indexOf(`sent ${path}`);
      const answered = events.indexOf(`answered ${other}`);
      return sent >= 0 && (answered < 0 || sent < answered);
    },
    isAnswered: (path: string) => events.includes(`answered ${path}`),
  };
}

test('on a slow network the frame and skeletons of the page show at once, the data follows, fetched in parallel', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpVerified(page.request, newAccount({ company: 'Slow Lane Ltd' }));
  await logIn(page, owner);
  const workspacePath = new URL(page.url()).pathname;
  const workspaceId = workspacePath.split('/').pop()!;

  // A service to list and to open (created at full speed).
  await page.getByRole('button', { name: 'Create your first service' }).click();
  const modal = page.getByRole('dialog', { name: 'Create a service' });
  const serviceName = `slow-${Date.now().toString(36)}`;
  await modal.getByLabel('Service name').fill(serviceName);
  await modal.getByText('Free', { exact: true }).first().click();
  await modal.getByRole('button', { name: 'Create service' }).click();
  await expect(page).toHaveURL(/\/service\/[0-9a-f]{12}$/);
  const servicePath = new URL(page.url()).pathname;

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const api = await delayApi(page);

    // The services list: the frame in outline while the user loads, nothing blank and no empty switcher.
    await page.goto(workspacePath, { waitUntil: 'commit' });
    const accountSkeleton = page.getByRole('status').filter({ hasText: 'Loading your account' });
    await expect(accountSkeleton).toBeVisible();
    expect(api.isAnswered('/v3/user')).toBe(false);
    await expect(page.getByText('Choose an organisation')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/services-account-${viewport.width}.png` });
    await expectAccessible(page);

    // Once the user is in, the frame: the page (and on a desktop the side navigation) in outline.
    await expect(page.getByRole('banner')).toBeVisible({ timeout: 10_000 });
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading the organisation' }),
    ).toBeVisible();
    if (viewport === DESKTOP) {
      await expect(
        page.getByRole('status').filter({ hasText: 'Loading the navigation' }),
      ).toBeVisible();
    }
    await expect(page.getByText('Choose an organisation')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/services-frame-${viewport.width}.png` });
    await expectAccessible(page);

    // The services arrive with the workspaces: both were asked for together, right after the user, not one
    // after the other (route loaders).
    const card = page.getByRole('link', { name: new RegExp(serviceName) });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    expect(
      api.wasSentBeforeAnswerTo(`/v3/workspace/${workspaceId}/services`, '/v3/workspaces'),
    ).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/services-loaded-${viewport.width}.png` });
    await expectAccessible(page);

    // The service overview: its frame with the navigation and the overview in outline until the service arrives.
    await page.goto(servicePath, { waitUntil: 'commit' });
    await expect(accountSkeleton).toBeVisible();
    const serviceSkeleton = page.getByRole('status').filter({ hasText: 'Loading the service' });
    await expect(serviceSkeleton).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    expect(api.isAnswered(`/v3/service/${servicePath.split('/').pop()}`)).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}/service-skeleton-${viewport.width}.png` });
    await expectAccessible(page);
    await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('navigation', { name: 'Service' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/service-loaded-${viewport.width}.png` });
    await expectAccessible(page);
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
