import { linkIn, waitForMail } from './fixtures/mail';
import { newAccount } from './fixtures/accounts';
import { WORKSPACE_URL } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

test('a newcomer signs up with their company, verifies the e-mail from a real mail and lands', async ({
  page,
}) => {
  const account = newAccount();
  await page.goto('/signup?utm_source=e2e&utm_campaign=launch');
  await expectAccessible(page);

  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  // The company is required here as in onboarding (one rule, docs/decisions/018).
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Company is required')).toBeVisible();
  await page.getByLabel('Company').fill(account.company);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/onboarding\/verify-email$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(account.email, /verify/i);
  expect(mail.text).toContain('Herald Cloud');
  await page.goto(linkIn(mail, '/v3/auth/verify-email'));
  await expect(page).toHaveURL(/\/login\/email-verified$/);
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is verified' }),
  ).toBeVisible();
  await expectAccessible(page);
  // The details are complete already (the company was given at sign-up): Continue leads to the
  // workspace, with no details step.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(WORKSPACE_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();

  // The UTM parameters of the sign-up URL were kept with the account.
  const user = await page.request.get('/v3/user');
  expect(await user.json()).toMatchObject({
    email: account.email,
    email_verified: true,
    detailsComplete: true,
    company: account.company,
    metadata: { utm_source: 'e2e', utm_campaign: 'launch' },
  });
});

test('signing up again with a registered e-mail says a signup e-mail was sent', async ({
  page,
}) => {
  const account = newAccount();
  await page.request.post('/v3/user', {
    data: { ...account },
  });
  await page.request.post('/v3/auth/logout');

  await page.goto('/signup');
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('another long password');
  await page.getByLabel('Company').fill('Elsewhere');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText(
      'A signup email has been sent. Please contact support if you encounter any problems.',
    ),
  ).toBeVisible();
});

test('the sign-up submitted empty names every required field and takes the person to the first', async ({
  page,
}) => {
  // The page painted from the HTML (docs/decisions/031): the press may come before the app has taken over.
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Enter a valid e-mail address',
    'Password must be at least 8 characters',
    'Company is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required');
  await expectAccessible(page);
});
