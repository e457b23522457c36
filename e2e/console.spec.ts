import type { Page } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { runShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

/**
 * The service console (issue 10 item 5, docs/decisions/020): the Console entry opens the service's own console in a
 * new window, signed in by single sign-on, or after the Setup admin user modal with the admin user's password.
 */

async function runningService(page: Page, name: string) {
  const { serviceId, token, mqttPort } = await createRunningService(page, name);
  const publish = (topic: string, message: string) =>
    runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -q 1 -t '${topic}' -m '${message}'`,
    );
  return { serviceId, publish };
}

async function setConsoleSso(page: Page, serviceId: string, useConsoleSso: boolean) {
  const response = await page.request.put(`/v3/service/${serviceId}/console-settings`, {
    data: { hintColor: null, useConsoleSso },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function openConsoleEntry(page: Page, serviceId: string) {
  await page.goto(`/service/${serviceId}`);
  const nav = page.getByRole('navigation', { name: 'Service' });
  return nav.getByRole('button', { name: 'Console' });
}

test('the Console entry opens the console signed in by single sign-on, with sessions and live topics', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, newAccount({ company: 'Console Users' }));
  const name = `console-${Date.now().toString(36)}`;
  const { serviceId, publish } = await runningService(page, name);
  await setConsoleSso(page, serviceId, true);
  await publish('plant/line1/temperature', '21.5');

  await page.setViewportSize({ width: 1440, height: 900 });
  const entry = await openConsoleEntry(page, serviceId);
  const [consolePage] = await Promise.all([page.context().waitForEvent('page'), entry.click()]);
  await consolePage.waitForLoadState();
  // Signed in: the one-time flag is gone from the address, the token never was in it.
  await expect(consolePage).toHaveURL(new RegExp(`^http://${name}\\.[^/]+/$`));
  await expect(consolePage.getByRole('status')).toHaveText('Connected as you (single sign-on)');

  const server = consolePage.getByRole('region', { name: 'Server' });
  await expect(server).toContainText(name);
  await expect(server).toContainText('6.');
  await expect(server).toContainText(/of 100 topics/);
  // The console's own session is listed, with the dashboard principal and its transport.
  const sessions = consolePage.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('row').filter({ hasText: '$dashboard' })).toContainText(
    'WebSocket',
  );

  const topics = consolePage.getByRole('region', { name: 'Topics' });
  const temperature = topics.getByRole('row').filter({ hasText: 'plant/line1/temperature' });
  await expect(temperature).toContainText('21.5');
  await publish('plant/line1/temperature', '22.25');
  await expect(temperature).toContainText('22.25');
  await publish('plant/line2/pressure', '1013');
  await expect(topics.getByRole('row').filter({ hasText: 'plant/line2/pressure' })).toContainText(
    '1013',
  );
  await consolePage.screenshot({
    path: test.info().outputPath('console-1440.png'),
    fullPage: true,
  });
  await expectAccessible(consolePage);

  await consolePage.setViewportSize({ width: 360, height: 800 });
  await expect(temperature).toBeVisible();
  await consolePage.screenshot({ path: test.info().outputPath('console-360.png'), fullPage: true });

  // The cookie was spent: a reload of the console without the flag asks for a password.
  await consolePage.goto(consolePage.url().replace(/\/$/, '/?sso-login'));
  await expect(consolePage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(consolePage.getByRole('alert')).toContainText('single sign-on expired');
  await consolePage.close();
  await expectAccessible(page);
});

test('the Setup admin user modal creates an admin user who signs in to the console', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, newAccount({ company: 'Console Admins' }));
  const name = `admins-${Date.now().toString(36)}`;
  const { serviceId, publish } = await runningService(page, name);
  await publish('greeting', 'hello');

  await page.setViewportSize({ width: 1440, height: 900 });
  const entry = await openConsoleEntry(page, serviceId);
  await entry.click();
  const dialog = page.getByRole('dialog', { name: 'Set up an admin user for the console' });
  await expect(dialog).toContainText('unique admin username and password');
  const add = dialog.getByRole('button', { name: 'Add admin user' });
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Username').fill('console-admin');
  await dialog.getByLabel(/^Password/).fill('correct horse battery');
  await dialog.getByLabel('Confirm Password').fill('correct horse batter');
  await expect(dialog.getByText('Passwords must match')).toBeVisible();
  await expect(add).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('console-modal-1440.png') });
  await expectAccessible(page);
  await dialog.getByLabel('Confirm Password').fill('correct horse battery');
  await expect(add).toBeEnabled();

  const [consolePage] = await Promise.all([page.context().waitForEvent('page'), add.click()]);
  await expect(dialog).toBeHidden();
  await consolePage.waitForLoadState();
  await expect(consolePage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(consolePage);
  await consolePage.getByLabel('Username').fill('console-admin');
  await consolePage.getByLabel('Password').fill('wrong password');
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await expect(consolePage.getByRole('alert')).toHaveText('Wrong username or password.');
  await consolePage.getByLabel('Password').fill('correct horse battery');
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await expect(consolePage.getByRole('status')).toHaveText('Connected as console-admin');
  await expect(consolePage.getByRole('region', { name: 'Sessions' })).toContainText(
    'console-admin',
  );
  await expect(
    consolePage.getByRole('region', { name: 'Topics' }).getByRole('row').filter({
      hasText: 'greeting',
    }),
  ).toContainText('hello');
  await consolePage.close();

  // The modal opens empty again; at 360 px it still fits.
  await page.setViewportSize({ width: 360, height: 800 });
  await page
    .getByRole('button', { name: 'Open navigation' })
    .click()
    .catch(() => undefined);
  await page
    .getByRole('navigation', { name: 'Service' })
    .getByRole('button', { name: 'Console' })
    .click();
  await expect(dialog.getByLabel('Username')).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('console-modal-360.png') });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
