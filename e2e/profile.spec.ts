import { newAccount } from './fixtures/accounts';
import { signedIn } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

test('a user edits the profile and changes the password', async ({ page }) => {
  const account = await signedIn(page, newAccount());
  await page.getByRole('button', { name: /^Logged in as/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectAccessible(page);

  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByLabel('Last name').fill('King');
  await details.getByLabel('Company').fill('Byron Computing');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Logged in as Ada King/ })).toBeVisible();

  const password = page.getByRole('region', { name: 'Password' });
  await password
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill('my second pass phrase');
  await password
    .getByRole('textbox', { name: 'Confirm new password' })
    .fill('my second pass phrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  // The session survives its own password change; the old password no longer works.
  expect((await page.request.get('/v3/user')).status()).toBe(200);
  const oldLogin = await page.request.post('/v3/auth/login', {
    data: { username: account.email, password: account.password },
  });
  expect(oldLogin.status()).toBe(401);
});

test('a user deletes the account and is logged out', async ({ page }) => {
  const account = await signedIn(page, newAccount());
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expectAccessible(page);
  await dialog.getByLabel('Your e-mail address').fill(account.email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page.getByText('Your user account has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const login = await page.request.post('/v3/auth/login', {
    data: { username: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);
});
