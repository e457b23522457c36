import path from 'node:path';
import type { Page } from '@playwright/test';
import { serializePageAnswers, type PageAnswers } from '@herald/contract/api/page-answers';
import { newAccount, signUpVerified } from './fixtures/accounts';
import { LOGIN_TIMEOUT_MS, WORKSPACE_URL } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

test('a wrong password shows the login failure text', async ({ page }) => {
  const account = await signUpVerified(page.request, newAccount());
  await page.goto('/');
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Login failed - please check your credentials.')).toBeVisible();
  await expectAccessible(page);
});

test('the wanted page is remembered and restored after logging in', async ({ page }) => {
  const account = await signUpVerified(page.request, newAccount());
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);

  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  // The avatar shows who is logged in, and Sign Out ends the session.
  const avatar = page.getByRole('button', {
    name: `Logged in as ${account.firstName} ${account.lastName} (${account.email})`,
  });
  await expect(avatar).toHaveText('AL');
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/v3/user')).status()).toBe(401);
});

/**
 * The login page (login.html) runs only a small start script; the app starts when the person begins to use the
 * page (docs/decisions/031). This server has single sign-on connections, with which the app starts at once, so
 * the page's embedded answers are given none, as on an install without them.
 */
async function paintLoginWithoutConnections(page: Page) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="page-answers">)(.*?)(<\/script>)/,
        (_all, open: string, json: string, close: string) => {
          const answers = JSON.parse(json) as PageAnswers;
          for (const answer of answers.answers) {
            if (answer.id === 'listConnections') answer.body = { connections: [] };
          }
          return `${open}${serializePageAnswers(answers)}${close}`;
        },
      );
      await route.fulfill({ response, body: html });
    },
  );
}

/** The app's entry script arrives 1.5 s after it is asked for, so the person is faster than the app. */
async function holdBackAppEntry(page: Page): Promise<{ isAsked(): boolean }> {
  let isAsked = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    if (route.request().resourceType() === 'script') isAsked = true;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  return { isAsked: () => isAsked };
}

test('the painted login page works before the app has started: typed and sent early, it signs in', async ({
  page,
}) => {
  const account = await signUpVerified(page.request, newAccount());
  await paintLoginWithoutConnections(page);
  const entry = await holdBackAppEntry(page);

  await page.goto('/');
  await page.waitForLoadState('load');
  const shell = page.locator('#static-shell');
  await expect(shell).not.toHaveAttribute('inert');
  // Loaded and left alone, the page runs nothing of the app.
  await page.waitForTimeout(500);
  expect(entry.isAsked()).toBe(false);
  expect(await page.locator('script[src*="/assets/index-"]').count()).toBe(0);
  // The painted page as a person sees it, at both widths, before any of the app ran.
  // axe reads both widths and both schemes itself; the screenshots are for looking at.
  await expectAccessible(page);
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 360, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    const directory = process.env.E2E_SCREENSHOT_DIR;
    const name = `painted-login-${viewport.width}.png`;
    await page.screenshot({
      path: directory ? path.join(directory, name) : test.info().outputPath(name),
      fullPage: true,
    });
  }
  expect(entry.isAsked()).toBe(false);

  await shell.getByLabel('E-mail').fill(account.email);
  await shell.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await shell.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');

  // The app's script is held 1.5 s, then the login itself (see LOGIN_TIMEOUT_MS).
  await expect(page).toHaveURL(WORKSPACE_URL, { timeout: LOGIN_TIMEOUT_MS });
  expect(entry.isAsked()).toBe(true);
  await expect(shell).toHaveCount(0);
  // The early submit was held for the app, never sent as a plain form (which would put the password in the URL).
  expect(page.url()).not.toContain('password');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
});

test('on the painted login page the app takes over what was typed and where', async ({ page }) => {
  await paintLoginWithoutConnections(page);
  await holdBackAppEntry(page);
  await page.goto('/');
  const shell = page.locator('#static-shell');
  await shell.getByLabel('E-mail').fill('ada@example.com');
  await shell.getByRole('textbox', { name: 'Password', exact: true }).click();
  await page.keyboard.type('half');
  // Once the app has started, its own form has the typed values and the focus.
  await expect(shell).toHaveCount(0);
  await expect(page.getByLabel('E-mail')).toHaveValue('ada@example.com');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type(' a pass');
  await expect(password).toHaveValue('half a pass');
  await expectAccessible(page);
});
