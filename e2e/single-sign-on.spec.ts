import { SSO } from './fixtures/sso';
import { WORKSPACE_URL } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

test('a user signs in by single sign-on through the loopback OpenID provider', async ({ page }) => {
  const { account } = SSO;
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in with single sign-on' }).click();
  await page.getByLabel('Work e-mail').fill(account.email);
  await expectAccessible(page);

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  const popup = await popupPromise;

  // The provider's own (development) login and consent pages.
  await popup.locator('input[name="login"]').fill(account.login);
  await popup.locator('input[name="password"]').fill('any password');
  await popup.getByRole('button', { name: /sign-in/i }).click();
  await popup.getByRole('button', { name: /continue/i }).click();
  await popup.waitForEvent('close');

  // First sign-in: the account exists at the provider, the profile is completed here.
  await expect(page).toHaveURL(/\/login\/callback/);
  await expectAccessible(page);
  await page.getByLabel('I agree to receive service e-mails').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/details$/);
  await expect(page.getByLabel('First name')).toHaveValue(account.givenName);
  await page.getByLabel('Company').fill('Acme');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(WORKSPACE_URL);

  const user = await (await page.request.get('/v3/user')).json();
  expect(user).toMatchObject({
    email: account.email,
    email_verified: true,
    provider: SSO.connectionName,
    firstName: account.givenName,
    lastName: account.familyName,
  });
});
