import mqtt from 'mqtt';
import { newAccount, signUpVerified } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { logIn } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

/**
 * Issue 25 item 17: the topic browser speaks MQTT. Real publishes from an mqtt.js client, as a device sends them:
 * a branch URL opens the branch expanded, the search box takes MQTT filters, counts and rates grow per branch, the
 * last QoS and the retained flag show, a numeric topic has a chart, and New value does not roll back a newer value.
 */
test('the topic browser speaks MQTT: filters, branch URLs, counts and rates, QoS, a chart, no stale New value', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpVerified(page.request, newAccount({ company: 'MQTT Explorers' }));
  await logIn(page, owner);
  const { serviceId, token, mqttPort } = await createRunningService(
    page,
    `explore-${Date.now().toString(36)}`,
  );
  const client = await mqtt.connectAsync(`mqtt://localhost:${mqttPort}`, {
    username: 'token',
    password: token,
    clientId: `e2e-explorer-${Date.now().toString(36)}`,
  });
  try {
    await client.publishAsync('bulk/item1', '1', { qos: 1 });
    await client.publishAsync('bulk/item2', '2', { qos: 1 });
    await client.publishAsync('bulk/item3', '3', { qos: 1 });
    await client.publishAsync('sensors/kitchen/temp', '21', { qos: 1 });
    await client.publishAsync('sensors/hall/temp', '19', { qos: 2 });
    await client.publishAsync('sensors/hall/humidity', '40', { qos: 1 });
    await client.publishAsync('weather/today', '{"sky": "clear"}', { qos: 1 });
    await client.publishAsync('weather/today/rain', '0', { qos: 1 });

    // A URL naming a branch opens the tree at it, expanded, and says what it holds.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/service/${serviceId}/topics/bulk`);
    const tree = page.getByRole('tree', { name: 'Topic tree' });
    const bulk = tree.getByRole('treeitem', { name: /^bulk/ });
    await expect(bulk).toHaveAttribute('aria-expanded', 'true');
    await expect(bulk).toHaveAttribute('aria-selected', 'true');
    await expect(tree.getByRole('treeitem', { name: /^item3/ })).toHaveAttribute('aria-level', '2');
    await expect(page.getByTestId('branch-summary')).toHaveText(
      '3 topics below it, open in the tree: pick one to see its value.',
    );
    await expect(page.getByText(/not a topic itself/)).toHaveCount(0);
    await expect(bulk.getByTestId('row-messages')).toHaveText(/^3 msgs/);

    // Search takes MQTT filters, as Explain access does, and plain words.
    await page.getByRole('tab', { name: 'Search' }).click();
    const search = page.getByRole('textbox', { name: 'Search topics' });
    await search.fill('weather/#');
    await expect(page.getByTestId('selector-match-count')).toHaveText('2 topics match');
    await expect(page.getByTestId('selector-read-as')).toHaveText(
      'MQTT topic filter weather/#, as the selector >weather//',
    );
    await search.fill('sensors/+/temp');
    await expect(page.getByTestId('selector-match-count')).toHaveText('2 topics match');
    await search.fill('HALL temp');
    await expect(page.getByTestId('selector-match-count')).toHaveText('1 topic matches');
    await search.fill('sensors/#/temp');
    await expect(
      page.getByText(
        'MQTT topic filter "sensors/#/temp": # must be the last level, as in sensors/#',
      ),
    ).toBeVisible();
    await search.fill('sensors/+/temp');
    await expect(page.getByTestId('selector-match-count')).toHaveText('2 topics match');
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-search-mqtt-1440.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'sensors/kitchen/temp' }).click();
    await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/topics/sensors/kitchen/temp$`));

    // The last publish's QoS and the retained flag.
    await expect(page.getByTestId('topic-qos')).toHaveText('QoS 1');
    await expect(page.getByTestId('topic-retained')).toHaveText('Retained');

    // Counts and rates per branch grow as messages arrive, and the row lights up; a chart of the numeric values.
    const sensors = tree.getByRole('treeitem', { name: /^sensors/ });
    await expect(sensors.getByTestId('row-messages')).toHaveText(/^3 msgs/);
    await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
    for (const value of ['22', '23.5', '22.75']) {
      await client.publishAsync('sensors/kitchen/temp', value, { qos: 2 });
    }
    await expect(page.getByTestId('topic-value')).toHaveText('22.75');
    await expect(sensors.getByTestId('row-messages')).toHaveText(/^6 msgs · [\d.]+\/s$/);
    await expect(page.getByTestId('topic-qos')).toHaveText('QoS 2');
    await expect(page.getByTestId('topic-chart')).toBeVisible();
    await expect(page.getByTestId('topic-chart-summary')).toContainText(
      '4 values, from 21 to 22.75',
    );
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('topic-live-1440.png'), fullPage: true });

    // New value: a newer value arriving while the person types is shown, not silently rolled back.
    const newValue = page.getByLabel('New value');
    await expect(newValue).toHaveValue('22.75');
    await client.publishAsync('sensors/kitchen/temp', '24', { qos: 1 });
    // Untouched, the editor follows the newer value.
    await expect(newValue).toHaveValue('24');
    await newValue.fill('30');
    await client.publishAsync('sensors/kitchen/temp', '25', { qos: 1 });
    const conflict = page.getByTestId('value-conflict');
    await expect(conflict).toContainText('The value changed while you were editing');
    await expect(conflict).toContainText('25');
    await expect(newValue).toHaveValue('30');
    await page.getByRole('button', { name: 'Set value' }).click();
    await expect(page.getByTestId('topic-value')).toHaveText('25');
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await page.getByRole('button', { name: 'Set value' }).click();
    await expect(page.getByTestId('topic-value')).toHaveText('30');
    await expectAccessible(page);

    // Dark, then a phone, light and dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-live-1440-dark.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/service/${serviceId}/topics/sensors`);
    await expect(tree.getByRole('treeitem', { name: /^sensors/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByTestId('branch-summary')).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-branch-360-dark.png'),
      fullPage: true,
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/service/${serviceId}/topics/sensors/kitchen/temp`);
    await expect(page.getByTestId('topic-value')).toHaveText('30');
    await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
    for (const value of ['31', '32']) {
      await client.publishAsync('sensors/kitchen/temp', value, { qos: 1 });
    }
    await expect(page.getByTestId('topic-chart')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('topic-live-360.png'), fullPage: true });
  } finally {
    await client.endAsync();
  }
});
