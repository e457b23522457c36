import type { Page } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { runShellSnippet, startShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

// A missing control fails in seconds, not at the journey's whole time limit.
test.use({ actionTimeout: 15_000 });

const ROLE = 'SENSOR_READER';
const PRINCIPAL = 'sensor-reader';
const PASSWORD = 'correct horse 7';

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The explainer's outcome line for one question, e.g. "Can subscribe: Allowed…". */
function outcome(page: Page, label: string) {
  return page.getByTestId(`decision-${label}`);
}

test('an Owner adds a principal with a role through Auth; mosquitto_sub and the explainer agree on what it may read', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page, newAccount({ company: 'Secure Works' }));
  const { serviceId, token, mqttPort } = await createRunningService(
    page,
    `auth-${Date.now().toString(36)}`,
  );
  const publish = (topic: string, message: string) =>
    runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -t '${topic}' -m '${message}' -q 1`,
    );

  // A role that may select and read sensors/ and nothing else, made through the API (the Roles screens have their
  // own journey).
  const role = await page.request.put(`/v3/service/${serviceId}/security/roles/${ROLE}`, {
    data: {
      globalPermissions: [],
      defaultPathPermissions: [],
      pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC'] },
      includedRoles: [],
    },
  });
  expect(role.status(), await role.text()).toBe(200);

  // The console's admin user, as the Setup admin user modal creates it (its journey is console.spec.ts).
  const consoleAdmin = await page.request.put(`/v3/service/${serviceId}/admin-principal`, {
    data: { username: 'console-admin', password: 'Console-Admin-Pass-42!' },
  });
  expect(consoleAdmin.status(), await consoleAdmin.text()).toBe(200);

  // Auth opens on Principals, where the console's admin user is a principal with ADMINISTRATOR.
  await page.goto(`/service/${serviceId}/authentication`);
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/authentication/principals$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Auth' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Principals' })
      .getByRole('row', { name: /console-admin/ })
      .getByText('ADMINISTRATOR'),
  ).toBeVisible();
  await expectAccessible(page);

  // Add the principal with the role; the review says what will be created.
  await page.getByRole('button', { name: 'Add principal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add principal' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(PRINCIPAL);
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByLabel(/^Confirm password/).fill(PASSWORD);
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: ROLE }).click();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await shoot(page, 'auth-add-principal-1440');
  await dialog.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Add this principal?' });
  await expect(review.getByTestId('change-review').getByRole('listitem')).toHaveText([
    `Adds principal "${PRINCIPAL}".`,
    'Sets its password.',
    `Assigns role "${ROLE}".`,
  ]);
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Add principal' }).click();
  await expect(page.getByText(`Principal "${PRINCIPAL}" added.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/authentication/principals/${PRINCIPAL}$`));
  const panel = page.getByRole('region', { name: `Principal ${PRINCIPAL}` });
  await expect(panel.getByText(ROLE)).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Principals' })
    .getByRole('row', { name: new RegExp(PRINCIPAL) });
  await expect(row.getByText(ROLE)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'auth-principals-1440');

  // mosquitto_sub as that principal: sensors/# receives an admin's value, private/# gets nothing.
  const sensors = startShellSnippet(
    `mosquitto_sub -h localhost -p ${mqttPort} -u '${PRINCIPAL}' -P '${PASSWORD}' -t 'sensors/#' -v`,
  );
  const secrets = startShellSnippet(
    `mosquitto_sub -h localhost -p ${mqttPort} -u '${PRINCIPAL}' -P '${PASSWORD}' -t 'private/#' -v`,
  );
  try {
    await expect
      .poll(
        async () => {
          await publish('private/vault', 'secret-1');
          await publish('sensors/room1/temp', '21.5');
          return sensors.output();
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toContain('sensors/room1/temp 21.5');
    expect(secrets.output()).not.toContain('secret-1');
  } finally {
    sensors.child.kill();
    secrets.child.kill();
  }

  // The explainer, opened from the principal, says the same for both filters.
  await panel.getByRole('link', { name: 'Explain access' }).click();
  await expect(page).toHaveURL(/\/roles\/explain\?subject=principal%3Asensor-reader$/);
  await page.getByRole('textbox', { name: 'Where' }).fill('sensors/#');
  await expect(outcome(page, 'Can connect')).toContainText('Can connect: Allowed');
  await expect(outcome(page, 'Can subscribe')).toContainText('Can subscribe: Allowed');
  await expect(outcome(page, 'Receives values')).toContainText('Receives values: Allowed');
  await expect(page).toHaveURL(/target=sensors%2F%23/);
  await expect(
    page
      .getByRole('table', { name: 'Matching topics' })
      .getByRole('row', { name: /sensors\/room1\/temp/ }),
  ).toContainText('Yes');
  await expectAccessible(page);
  await shoot(page, 'auth-explain-sensors-1440');
  await page.getByRole('textbox', { name: 'Where' }).fill('private/#');
  await expect(outcome(page, 'Can subscribe')).toContainText('Can subscribe: Refused');
  await expect(outcome(page, 'Receives values')).toContainText('Receives values: Refused');
  await expect(
    page
      .getByRole('table', { name: 'Matching topics' })
      .getByRole('row', { name: /private\/vault/ }),
  ).toContainText('No');
  await expectAccessible(page);

  // Anonymous sessions: give them the role, then allow them through the UI; mosquitto_sub connects with no
  // credentials and receives.
  const defaults = await page.request.put(`/v3/service/${serviceId}/security/default-roles`, {
    data: { rolesForNamedSessions: [], rolesForAnonymousSessions: [ROLE] },
  });
  expect(defaults.status(), await defaults.text()).toBe(200);
  await page.goto(`/service/${serviceId}/authentication/anonymous-sessions`);
  await expect(page.getByRole('radio', { name: 'Deny' })).toBeChecked();
  await page.getByRole('radio', { name: 'Allow' }).check();
  await page.getByRole('button', { name: 'Save policy' }).click();
  const policyReview = page.getByRole('dialog', { name: 'Save the anonymous sessions policy?' });
  await expect(policyReview.getByTestId('change-review')).toContainText(
    `Allows anonymous connections, with role "${ROLE}".`,
  );
  await expectAccessible(page);
  await policyReview.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Anonymous sessions: Allow.')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'auth-anonymous-1440');
  const anonymous = startShellSnippet(
    `mosquitto_sub -h localhost -p ${mqttPort} -t 'sensors/#' -v`,
  );
  try {
    await expect
      .poll(
        async () => {
          await publish('sensors/room2/temp', '19');
          return anonymous.output();
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toContain('sensors/room2/temp 19');
  } finally {
    anonymous.child.kill();
  }

  // Trusted properties page, then each page at 360 px.
  await page.goto(`/service/${serviceId}/authentication/trusted-properties`);
  await expect(page.getByTestId('snippet-trusted-properties')).toContainText(
    `mosquitto_sub -h localhost -p ${mqttPort}`,
  );
  await expectAccessible(page);
  await shoot(page, 'auth-trusted-1440');
  await page.setViewportSize({ width: 360, height: 800 });
  for (const [address, name] of [
    [`/service/${serviceId}/authentication/principals/${PRINCIPAL}`, 'principals'],
    [`/service/${serviceId}/authentication/anonymous-sessions`, 'anonymous'],
    [`/service/${serviceId}/authentication/trusted-properties`, 'trusted'],
    [
      `/service/${serviceId}/roles/explain?subject=principal%3A${PRINCIPAL}&target=sensors%2F%23`,
      'explain',
    ],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (name === 'explain') await expect(outcome(page, 'Can subscribe')).toBeVisible();
    else
      await expect(
        page.locator('nav[aria-label="Auth pages"] [aria-current="page"]'),
      ).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `auth-${name}-360`);
  }
});
