import { newAccount } from './fixtures/accounts';
import { signedIn } from './fixtures/session';
import { runJavaScriptSnippet, runShellSnippet, startShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

const SERVICE_URL = /\/service\/[0-9a-f]{12}$/;

test('a new user creates a free service, connects real MQTT clients from the shown snippets, then manages and deletes it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedIn(page, newAccount({ company: 'Snippet Labs' }));

  // The empty services list offers the first service.
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create your first service' }).click();

  const modal = page.getByRole('dialog', { name: 'Create a service' });
  const nameField = modal.getByLabel('Service name');
  await expect(nameField).not.toHaveValue('');
  // The server's reason is shown live.
  await nameField.fill('admin');
  await expect(modal.getByText('This service name is reserved')).toBeVisible();
  const serviceName = `journey-${Date.now().toString(36)}`;
  await nameField.fill(serviceName);
  await expect(modal.getByText('This service name is reserved')).toBeHidden();
  await modal.getByText('Free', { exact: true }).first().click();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Create service' }).click();

  // The overview follows the service to Running as it happens: the status stream pushes each change (a free service
  // runs in about a second), within the 10 s status poll, which would miss this deadline: 9 s leaves a slow machine
  // room and still tells the two apart (the stream's own delay is bench/status-latency.ts's measure).
  await expect(page).toHaveURL(SERVICE_URL);
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  const serviceStatus = page.getByRole('status', { name: 'Service status' });
  await expect(serviceStatus.getByText('Running', { exact: true })).toBeVisible({ timeout: 9_000 });
  // The wire value stays out of sight, in the badge's tooltip.
  await expect(serviceStatus.getByText('RUNNING', { exact: true })).toHaveCount(0);
  // A change made elsewhere (another tab, the API) shows at once; the poll alone never looks at a running service.
  const serviceId = new URL(page.url()).pathname.split('/').pop()!;
  expect((await page.request.post(`/v3/service/${serviceId}/restart`)).status()).toBe(202);
  await expect(serviceStatus.getByText('Starting', { exact: true })).toBeVisible();
  await expect(serviceStatus.getByText('Running', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expectAccessible(page);

  // SDKs & API: the snippets carry this service's host, ports and a real token.
  const serviceNav = page.getByRole('navigation', { name: 'Service' });
  await serviceNav.getByRole('link', { name: 'SDKs & API' }).click();
  await page.getByRole('button', { name: 'Fill in my credentials' }).click();
  await page.getByRole('tab', { name: /mosquitto/i }).click();
  const mosquittoPub = await page.getByTestId('snippet-mosquitto').innerText();
  expect(mosquittoPub).toContain('mosquitto_pub');
  expect(mosquittoPub).not.toContain('<');
  await expectAccessible(page);

  // A subscriber stays connected so that the overview counts a session.
  const subscribe = mosquittoPub
    .split('\n')
    .find((line) => line.includes('mosquitto_pub'))!
    .replace('mosquitto_pub', 'mosquitto_sub')
    .replace(/ -m '[^']*'/, '')
    .replace(/ -t \S+/, " -t 'herald/#' -v");
  const subscriber = startShellSnippet(subscribe);
  try {
    await runShellSnippet(mosquittoPub.split('\n').find((line) => line.includes('mosquitto_pub'))!);
    await expect.poll(subscriber.output, { timeout: 10_000 }).toContain('herald/hello');

    await page.getByRole('tab', { name: /javascript/i }).click();
    const javascript = await page.getByTestId('snippet-javascript').innerText();
    const output = await runJavaScriptSnippet(javascript);
    expect(output).toContain('herald/hello');

    // The overview shows the topic and the live session.
    await serviceNav.getByRole('link', { name: 'Overview' }).click();
    const metrics = page.getByRole('region', { name: 'Live metrics' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(metrics.getByText('Sessions')).toBeVisible();
          return metrics.innerText();
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toMatch(/Sessions\s*[1-9]/);
    await expect(metrics).toContainText(/Topics\s*[1-9]/);

    // The top bar names the service after the organisation; the organisation crumb leads back to
    // the list, whose card counts the live session too.
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByText(serviceName)).toHaveAttribute('aria-current', 'page');
    await breadcrumb.getByRole('link', { name: 'Snippet Labs' }).click();
    const card = page.getByRole('link', { name: new RegExp(serviceName) });
    await expect(card).toContainText(/Sessions\s*[1-9]/);
    await card.click();
  } finally {
    subscriber.child.kill();
  }

  // API Token: the curl box a newcomer copies (issue 25: it was unreadable in the dark scheme).
  await page.goto(`/service/${serviceId}/api-token`);
  await expect(page.getByRole('heading', { level: 1, name: 'API Token' })).toBeVisible();
  await expect(page.getByTestId('snippet-curl')).toContainText('curl');
  await expectAccessible(page);

  // Console: without single sign-on an Owner gets the Setup admin user modal (e2e/console.spec.ts covers it and
  // single sign-on); its link opens the service's own console in a new window, which asks for an admin user.
  await serviceNav.getByRole('button', { name: 'Console' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up an admin user for the console' });
  const [consolePage] = await Promise.all([
    page.waitForEvent('popup'),
    setup.getByRole('link', { name: 'Open the console' }).click(),
  ]);
  await expect(consolePage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(consolePage);
  await consolePage.close();
  await expect(setup).toBeHidden();

  // Settings: the hint colour recolours the top bar.
  await serviceNav.getByRole('link', { name: 'Settings' }).click();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Hint colour' }).fill('#7b2cbf');
  await page.getByRole('button', { name: 'Save colour' }).click();
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(123, 44, 191)');

  // Reset the topic tree, then restart; both come back to RUNNING.
  await page.getByRole('button', { name: 'Reset topic tree' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /reset/i }).click();
  await page.getByRole('button', { name: 'Restart service' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /restart/i })
    .click();
  await serviceNav.getByRole('link', { name: 'Overview' }).click();
  await expect(serviceStatus.getByText('Running', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const metrics = page.getByRole('region', { name: 'Live metrics' });
  await expect(metrics).toContainText(/Topics\s*0/);

  // Delete: only the typed name enables the button; afterwards the list is empty again.
  await serviceNav.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete service' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: 'Delete this service' })).toBeDisabled();
  await confirm.getByRole('textbox').fill(serviceName);
  await confirm.getByRole('button', { name: 'Delete this service' }).click();
  await expect(page.getByRole('button', { name: 'Create your first service' })).toBeVisible();
  await expectAccessible(page);
});
