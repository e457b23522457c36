import type { Page } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { runShellSnippet, startShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

const ROLE = 'SENSOR_VIEWER';
const PRINCIPAL = 'viewer-1';
const PASSWORD = 'correct horse 8';

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The messages a subscriber printed with `-F 'msg:%t %p'`, sorted (mosquitto's own notices have no prefix). */
function topicLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('msg:'))
    .map((line) => line.slice('msg:'.length))
    .sort();
}

test('an Owner creates a role in the permissions matrix and a principal in Auth; mosquitto_sub as that principal and Explain access agree on exactly what it allows', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedIn(page, newAccount({ company: 'Role Works' }));
  const { serviceId, token, mqttPort } = await createRunningService(
    page,
    `roles-${Date.now().toString(36)}`,
  );
  // Retained values, published by a write token (ADMINISTRATOR): one the role may read, one it may not.
  for (const [topic, value] of [
    ['sensors/t1', 'reading-1'],
    ['private/p1', 'secret-1'],
    ['sensors/secret/s1', 'hidden-1'],
  ]) {
    await runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -t '${topic}' -m '${value}' -q 1 -r`,
    );
  }

  // Roles opens on the list: built-ins, read-only.
  await page.goto(`/service/${serviceId}/roles`);
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/roles/roles$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Roles' });
  await expect(list.getByRole('link', { name: 'ADMINISTRATOR' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'roles-list-1440');

  // Create the role: READ_TOPIC and SELECT_TOPIC on sensors, nothing else.
  await page.getByRole('link', { name: 'Create role' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(ROLE);
  await page.getByRole('textbox', { name: 'Description' }).fill('Reads the sensors');
  await page.getByRole('textbox', { name: 'Add a path' }).fill('sensors');
  await page.getByRole('button', { name: 'Add path' }).click();
  await page.getByRole('checkbox', { name: 'Read (READ_TOPIC) on sensors' }).check();
  await page.getByRole('checkbox', { name: 'Select (SELECT_TOPIC) on sensors' }).check();
  await expectAccessible(page);
  await shoot(page, 'roles-create-1440');
  await page.getByRole('button', { name: 'Create role' }).click();
  const review = page.getByRole('dialog', { name: 'Create the role?' });
  await expect(review.getByRole('listitem')).toHaveText([
    `Creates role "${ROLE}".`,
    'Grants READ_TOPIC, SELECT_TOPIC on "sensors".',
  ]);
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('Role created')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/roles/roles/${ROLE}$`));
  await expect(page.getByRole('heading', { level: 2, name: ROLE })).toBeVisible();

  // The principal, through Auth: the role just created is offered.
  await page.getByRole('link', { name: 'Auth' }).click();
  await page.getByRole('button', { name: 'Add principal' }).click();
  const addPrincipal = page.getByRole('dialog', { name: 'Add principal' });
  await addPrincipal.getByRole('textbox', { name: 'Name' }).fill(PRINCIPAL);
  await addPrincipal.getByLabel(/^Password/).fill(PASSWORD);
  await addPrincipal.getByLabel(/^Confirm password/).fill(PASSWORD);
  await addPrincipal.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: ROLE }).click();
  await page.keyboard.press('Escape');
  await addPrincipal.getByRole('button', { name: 'Review' }).click();
  await page
    .getByRole('dialog', { name: 'Add this principal?' })
    .getByRole('button', { name: 'Add principal' })
    .click();
  await expect(page.getByText(`Principal "${PRINCIPAL}" added.`)).toBeVisible();
  await page.goto(`/service/${serviceId}/roles/roles/${ROLE}`);
  await expect(page.getByRole('heading', { level: 2, name: ROLE })).toBeVisible();
  const asPrincipal = `mosquitto_sub -h localhost -p ${mqttPort} -u '${PRINCIPAL}' -P '${PASSWORD}' -F 'msg:%t %p'`;

  // sensors/# receives exactly what is under sensors; # is refused (no SELECT_TOPIC at the root): nothing.
  const sensors = await runShellSnippet(`${asPrincipal} -t 'sensors/#' -W 3 2>&1; true`);
  expect(topicLines(sensors)).toEqual(['sensors/secret/s1 hidden-1', 'sensors/t1 reading-1']);
  const everything = await runShellSnippet(`${asPrincipal} -t '#' -W 3 2>&1; true`);
  expect(topicLines(everything)).toEqual([]);

  // Grant SELECT_TOPIC everywhere in the editor: # is now allowed, and still delivers only what the role may READ.
  await page
    .getByRole('group', { name: /Default path permissions/ })
    .getByRole('checkbox', { name: /^Select/ })
    .check();
  await page.getByRole('button', { name: 'Save role' }).click();
  const change = page.getByRole('dialog', { name: 'Save the role?' });
  await expect(change.getByRole('listitem')).toHaveText([
    'Default path permissions: adds SELECT_TOPIC.',
  ]);
  await change.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText('Role saved')).toBeVisible();
  const live = startShellSnippet(`${asPrincipal} -t '#'`);
  try {
    await expect.poll(live.output, { timeout: 10_000 }).toContain('sensors/t1 reading-1');
    await runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -t private/p2 -m secret-2 -q 1`,
    );
    await runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -t sensors/t2 -m reading-2 -q 1`,
    );
    await expect.poll(live.output, { timeout: 10_000 }).toContain('sensors/t2 reading-2');
    expect(topicLines(live.output())).toEqual([
      'sensors/secret/s1 hidden-1',
      'sensors/t1 reading-1',
      'sensors/t2 reading-2',
    ]);
  } finally {
    live.child.kill();
  }

  // The list counts the principal.
  await page.getByRole('link', { name: '← All roles' }).click();
  await expect(list.getByRole('row', { name: new RegExp(ROLE) })).toContainText(
    'Used by 1 principal',
  );

  // Default roles: what token sessions get, read-only.
  await page.getByRole('link', { name: 'Default roles' }).click();
  await expect(page.getByRole('table', { name: 'Roles of token sessions' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'roles-default-roles-1440');

  // Isolated paths: isolate sensors/secret through the UI; the role's READ_TOPIC on sensors stops there.
  await page.getByRole('link', { name: 'Isolated paths' }).click();
  await page.getByRole('textbox', { name: 'Isolate a path' }).fill('sensors/secret');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save isolated paths' }).click();
  const isolation = page.getByRole('dialog', { name: 'Save the isolated paths?' });
  await expect(isolation.getByRole('listitem')).toHaveText([
    'Isolates "sensors/secret": permissions assigned above it no longer apply to it and the paths below it.',
  ]);
  await expectAccessible(page);
  await isolation.getByRole('button', { name: 'Save isolated paths' }).click();
  await expect(page.getByText('Isolated paths saved')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'roles-isolated-paths-1440');
  const isolated = await runShellSnippet(`${asPrincipal} -t 'sensors/#' -W 3 2>&1; true`);
  // Herald keeps each topic's last value (sensors/t2 too), so a new subscriber gets both; sensors/secret/s1 no more.
  expect(topicLines(isolated)).toEqual(['sensors/t1 reading-1', 'sensors/t2 reading-2']);

  // Explain access says the same for the same principal and filter, topic by topic.
  await page.goto(
    `/service/${serviceId}/roles/explain?subject=principal%3A${PRINCIPAL}&target=${encodeURIComponent('sensors/#')}`,
  );
  await expect(page.getByTestId('decision-Can subscribe')).toContainText('Can subscribe: Allowed');
  const matching = page.getByRole('table', { name: 'Matching topics' });
  await expect(matching.getByRole('row', { name: /sensors\/secret\/s1/ })).toContainText('No');
  await expect(matching.getByRole('row', { name: /sensors\/t1/ })).toContainText('Yes');
  await expect(matching.getByRole('row', { name: /sensors\/t2/ })).toContainText('Yes');
  // On the isolated topic itself: refused, and why.
  await page.getByRole('textbox', { name: 'Where' }).fill('sensors/secret/s1');
  await expect(page.getByTestId('decision-Receives values')).toContainText(
    'Receives values: Refused',
  );
  await expect(
    page.getByText('inheritance stopped by isolated path "sensors/secret"').first(),
  ).toBeVisible();
  await expectAccessible(page);

  // Each page at 360 px: the matrix scrolls sideways with its path column in view.
  await page.setViewportSize({ width: 360, height: 800 });
  for (const [address, name] of [
    [`/service/${serviceId}/roles/roles`, 'list'],
    [`/service/${serviceId}/roles/roles/${ROLE}`, 'role'],
    [`/service/${serviceId}/roles/default-roles`, 'default-roles'],
    [`/service/${serviceId}/roles/isolated-paths`, 'isolated-paths'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Roles pages' }).locator('[aria-current="page"]'),
    ).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `roles-${name}-360`);
  }
  await page.goto(`/service/${serviceId}/roles/roles/${ROLE}`);
  const matrix = page.getByRole('table', { name: 'Path permissions' });
  const pathCell = matrix.getByRole('rowheader', { name: /sensors/ });
  const removeRow = matrix.getByRole('button', { name: 'Remove the row sensors' });
  // Scrolled again if the page was still settling (data arriving after the scroll moved it out of view).
  await expect(async () => {
    await pathCell.scrollIntoViewIfNeeded();
    await expect(pathCell).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  await expect(removeRow).not.toBeInViewport();
  const x = (await pathCell.boundingBox())!.x;
  await matrix.evaluate((table) => {
    let scroller = table.parentElement;
    while (
      scroller !== null &&
      !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)
    ) {
      scroller = scroller.parentElement;
    }
    scroller?.scrollBy({ left: 5000 });
  });
  await expect(removeRow).toBeInViewport();
  // The path column stayed where it was (sticky), within a pixel of rounding.
  expect(Math.abs((await pathCell.boundingBox())!.x - x)).toBeLessThanOrEqual(1);
  await shoot(page, 'roles-matrix-scrolled-360');
});
