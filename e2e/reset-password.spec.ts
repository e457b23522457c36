import { linkIn, waitForMail } from './fixtures/mail';
import { newAccount, signUpVerified } from './fixtures/accounts';
import { LOGIN_TIMEOUT_MS, WORKSPACE_URL } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  const account = await signUpVerified(page.request, newAccount());
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectAccessible(page);

  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that e-mail/)).toBeVisible();

  const mail = await waitForMail(account.email, /reset/i);
  await page.goto(linkIn(mail, '/reset-password'));
  await expectAccessible(page);
  const newPassword = 'a brand new pass phrase';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByRole('link', { name: 'Log in with your new password' }).click();

  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Login failed - please check your credentials.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(WORKSPACE_URL, { timeout: LOGIN_TIMEOUT_MS });
});
