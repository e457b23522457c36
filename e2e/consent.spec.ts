import { newAccount } from './fixtures/accounts';
import { signedIn } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

test('data collection consent is stored per user and /track/events forwards to the page', async ({
  page,
  browser,
  baseURL,
}) => {
  await signedIn(page, newAccount());
  expect(await (await page.request.get('/v3/user/consent')).json()).toMatchObject({
    analytics: false,
  });

  await page.getByRole('button', { name: /^Logged in as/ }).click();
  await page.getByRole('menuitem', { name: 'Data Collection Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Data Collection Preferences' });
  const analytics = dialog.getByRole('switch', { name: 'Analytics' });
  await expect(analytics).not.toBeChecked();
  await expectAccessible(page);
  await analytics.check();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(dialog).toBeHidden();

  // Stored for the user on the server, not in this browser.
  expect(await (await page.request.get('/v3/user/consent')).json()).toMatchObject({
    analytics: true,
  });
  const tracked = await page.request.post('/v3/track/events', { data: { name: 'e2e.check' } });
  expect(await tracked.json()).toEqual({ recorded: true });

  await page.goto('/track/events?name=docs.open&to=/profile');
  await expect(page).toHaveURL(/\/profile$/);

  // Anonymous visitors are never tracked.
  const anonymous = await browser.newContext({ baseURL });
  const untracked = await anonymous.request.post('/v3/track/events', {
    data: { name: 'e2e.check' },
  });
  expect(await untracked.json()).toEqual({ recorded: false });
  await anonymous.close();
});
