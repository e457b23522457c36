import { newAccount } from './fixtures/accounts';
import { linkIn, waitForMail } from './fixtures/mail';
import { runOperator } from './fixtures/operator';
import { test, expect, expectAccessible } from './fixtures/test';

test('a buyer subscribes on the marketplace, connects through /aws/signup, and an ended subscription leads to /aws/expired', async ({
  page,
}) => {
  // A long journey: a sign-up with its mail, a service, and three operator commands (each a process of its own).
  test.setTimeout(180_000);
  // The buyer subscribes on the (simulated) marketplace and follows its link.
  const subscribed = await runOperator('marketplace-subscribe', 'buyer@example.test');
  expect(subscribed.code, subscribed.lines.join('\n')).toBe(0);
  const link = new URL(subscribed.lines.find((line) => line.startsWith('http')) ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connecting your AWS Marketplace subscription' }),
  ).toBeVisible();
  await expectAccessible(page);

  // A newcomer signs up; the page (with its token) is remembered and comes back.
  const account = newAccount();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByLabel('Company').fill(account.company);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/aws\/signup\?token=/);

  const connected = page.waitForResponse('**/v3/marketplace/signup');
  await page.getByRole('button', { name: 'Connect subscription' }).click();
  const response = await connected;
  expect(response.status()).toBe(200);
  const { workspace_id: workspaceId } = (await response.json()) as { workspace_id: string };

  // The e-mail is verified as for any sign-up, then the organisation opens with the marketplace badge.
  await expect(page).toHaveURL(/\/onboarding\/verify-email$/);
  const mail = await waitForMail(account.email, /verify/i);
  await page.goto(linkIn(mail, '/v3/auth/verify-email'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.goto(`/workspace/${workspaceId}`);
  await expect(
    page.getByRole('link', { name: 'Herald Cloud, AWS Marketplace organisation' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expectAccessible(page);

  const created = await page.request.post('/v3/service/create', {
    data: {
      workspaceId,
      serviceName: `mkt-${Date.now().toString(36)}`,
      region: 'eu-west-1.local',
      billingPlan: 'free',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { serviceId } = (await created.json()) as { serviceId: string };

  // The subscription ends on the marketplace: the organisation's pages lead to /aws/expired.
  const ended = await runOperator('marketplace-status', workspaceId, 'unsubscribe-success');
  expect(ended.code, ended.lines.join('\n')).toBe(0);
  await page.goto(`/workspace/${workspaceId}`);
  await expect(page).toHaveURL(/\/aws\/expired$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your AWS Marketplace subscription has ended' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/service/${serviceId}/settings`);
  await expect(page).toHaveURL(/\/aws\/expired$/);

  // Its services were suspended, with the non-blocking reason.
  const service = await page.request.get(`/v3/service/${serviceId}`);
  expect(await service.json()).toMatchObject({ active: false, suspensionReason: 'inactive' });

  // Subscribing again opens the organisation again.
  expect((await runOperator('marketplace-status', workspaceId, 'subscribe-success')).code).toBe(0);
  await page.getByRole('link', { name: 'Back to my organisations' }).click();
  await page.goto(`/workspace/${workspaceId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
});
