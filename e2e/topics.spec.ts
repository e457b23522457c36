import { newAccount } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { runShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

test('topics published with mosquitto_pub appear in the browser, change live and reopen from a bookmark', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, newAccount({ company: 'Topic Browsers' }));
  const { serviceId, token, mqttPort } = await createRunningService(
    page,
    `browse-${Date.now().toString(36)}`,
  );
  // No topics yet: the command that publishes a first one (issue 25: unreadable in the dark scheme).
  await page.goto(`/service/${serviceId}/topics/`);
  await expect(page.getByTestId('first-topic-command')).toContainText('mosquitto_pub');
  await expectAccessible(page);

  const publish = (topic: string, message: string) =>
    runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -q 1 -r -t '${topic}' -m '${message}'`,
    );
  await publish('plant/line1/temperature', '{"celsius": 21}');
  await publish('plant/line1/pressure', '1013');
  await publish('plant/line2/temperature', '{"celsius": 19}');
  await publish('status', 'all good');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/service/${serviceId}/topics/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  const tree = page.getByRole('tree', { name: 'Topic tree' });
  const plant = tree.getByRole('treeitem', { name: /^plant/ });
  await expect(plant).toContainText('3 topics');
  await expect(plant).toHaveAttribute('aria-expanded', 'false');
  // The root topic in view shows its live value as soon as the session has subscribed to it.
  await expect(tree.getByRole('treeitem', { name: /^status/ })).toContainText('all good');

  // Expand with the keyboard, then select with the mouse: the URL becomes the topic path.
  await tree.focus();
  await page.keyboard.press('ArrowRight');
  const line1 = tree.getByRole('treeitem', { name: /^line1/ });
  await expect(line1).toContainText('2 topics');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const temperature = tree.getByRole('treeitem', { name: /^temperature/ }).first();
  await temperature.click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/topics/plant/line1/temperature$`));
  await expect(
    page.getByRole('heading', { level: 2, name: 'plant/line1/temperature' }),
  ).toBeVisible();
  await expect(page.getByTestId('topic-value')).toContainText('"celsius": 21');
  await expectAccessible(page);

  // A value published while the page is open arrives live: in the details, the row and the history.
  await publish('plant/line1/temperature', '{"celsius": 23.5}');
  await expect(page.getByTestId('topic-value')).toContainText('"celsius": 23.5', {
    timeout: 5_000,
  });
  await expect(temperature).toContainText('{"celsius":23.5}');
  await expect(page.getByTestId('topic-history').getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/topics-1440.png', fullPage: true });

  // A bookmark: reloading the URL reopens the same topic with its branches open.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: 'plant/line1/temperature' }),
  ).toBeVisible();
  await expect(page.getByTestId('topic-value')).toContainText('"celsius": 23.5');
  await expect(
    tree.getByRole('treeitem', { name: /^temperature/, selected: true }),
  ).toHaveAttribute('aria-level', '3');
  await expectAccessible(page);

  // A path that names no topic says so and offers its parent.
  await page.goto(`/service/${serviceId}/topics/plant/line9`);
  await expect(
    page.getByText('There is no topic at this path. It may have been removed.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Go to plant' }).click();
  // A branch opens expanded and says what it holds (issue 25 item 17).
  await expect(page.getByTestId('branch-summary')).toHaveText(
    '3 topics below it, open in the tree: pick one to see its value.',
  );
  await expect(tree.getByRole('treeitem', { name: /^plant/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // On a phone the selected topic sits below the tree, and values still change live.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/service/${serviceId}/topics/plant/line2/temperature`);
  await expect(page.getByTestId('topic-value')).toContainText('"celsius": 19');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await publish('plant/line2/temperature', '{"celsius": 18}');
  await expect(page.getByTestId('topic-value')).toContainText('"celsius": 18', { timeout: 5_000 });
  const treeBox = (await tree.boundingBox())!;
  const valueBox = (await page.getByTestId('topic-value').boundingBox())!;
  expect(treeBox.width).toBeLessThanOrEqual(360);
  expect(valueBox.y).toBeGreaterThan(treeBox.y + treeBox.height);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/topics-360.png', fullPage: true });
});
