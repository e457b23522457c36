import { newAccount, signUpVerified } from './fixtures/accounts';
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
