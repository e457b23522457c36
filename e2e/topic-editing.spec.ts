import type { APIRequestContext } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { joinedMember } from './fixtures/members';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { startShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible, closeContext } from './fixtures/test';

async function topicCount(request: APIRequestContext, serviceId: string, selector: string) {
  const response = await request.get(
    `/v3/service/${serviceId}/topics/count?selector=${encodeURIComponent(selector)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

test('an Owner adds, edits and removes topics in the browser while a mosquitto_sub subscriber receives the changes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, newAccount({ company: 'Topic Works' }));
  const { serviceId, token, mqttPort } = await createRunningService(
    page,
    `edit-${Date.now().toString(36)}`,
  );
  const subscriber = startShellSnippet(
    `mosquitto_sub -h localhost -p ${mqttPort} -u token -P '${token}' -t 'e2e/#' -v`,
  );
  try {
    // No topics yet: the exact command to publish a first one, for this service's host and port.
    await page.goto(`/service/${serviceId}/topics/`);
    const emptyState = page.getByTestId('topics-empty-state');
    await expect(page.getByTestId('first-topic-command')).toHaveText(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '<ACCESS_TOKEN>' -t herald/first-topic -m '{"hello":"world"}' -q 1 -r`,
    );
    await expect(emptyState.getByRole('link', { name: 'API token page' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-editing-empty-1440.png'),
      fullPage: true,
    });

    // Add a JSON topic with a first value: the subscriber receives it.
    await page.getByRole('button', { name: 'Add topic' }).first().click();
    const addDialog = page.getByRole('dialog', { name: 'Add a topic' });
    await addDialog.getByRole('textbox', { name: 'Path' }).fill('e2e/room1/temperature');
    await addDialog.getByLabel('Initial value (optional)').fill('{"celsius": 21}');
    await expectAccessible(page);
    await addDialog.getByRole('button', { name: 'Add topic' }).click();
    await expect(page.getByText('Topic e2e/room1/temperature added.')).toBeVisible();
    await expect
      .poll(subscriber.output, { timeout: 10_000 })
      .toContain('e2e/room1/temperature {"celsius":21}');

    // Edit it: a JSON syntax error shows its line and column and nothing is sent; a fixed value reaches the subscriber.
    await page.goto(`/service/${serviceId}/topics/e2e/room1/temperature`);
    const editor = page.getByLabel('New value');
    await expect(editor).toHaveValue('{\n  "celsius": 21\n}');
    await editor.fill('{\n  "celsius": 22,\n}');
    await expect(page.getByText(/JSON syntax error at line 3, column 1/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-editing-json-error-1440.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Set value' }).click();
    await editor.fill('{"celsius": 22.5}');
    await page.getByRole('button', { name: 'Set value' }).click();
    await expect(page.getByText('Value set.')).toBeVisible();
    await expect
      .poll(subscriber.output, { timeout: 10_000 })
      .toContain('e2e/room1/temperature {"celsius":22.5}');
    expect(subscriber.output()).not.toContain('"celsius":22}');

    // An INT64 topic refuses a decimal before sending.
    await page.getByRole('button', { name: 'Add topic' }).first().click();
    await addDialog.getByRole('textbox', { name: 'Path' }).fill('e2e/room1/count');
    await addDialog.getByRole('combobox', { name: 'Type' }).selectOption('INT64');
    await addDialog.getByLabel('Initial value (optional)').fill('4.5');
    await addDialog.getByRole('button', { name: 'Add topic' }).click();
    await expect(
      addDialog.getByText('An INT64 value is a whole number, e.g. 42 or -7'),
    ).toBeVisible();
    await addDialog.getByLabel('Initial value (optional)').fill('5');
    await addDialog.getByRole('button', { name: 'Add topic' }).click();
    await expect.poll(subscriber.output, { timeout: 10_000 }).toContain('e2e/room1/count 5');

    // A time series: events appended through the editor, listed newest first with their sequence numbers.
    await page.getByRole('button', { name: 'Add topic' }).first().click();
    await addDialog.getByRole('textbox', { name: 'Path' }).fill('e2e/series');
    await addDialog.getByRole('combobox', { name: 'Type' }).selectOption('TIME_SERIES');
    await addDialog.getByRole('combobox', { name: /Event value type/ }).selectOption('INT64');
    await addDialog.getByRole('textbox', { name: /Retained range/ }).fill('limit 10');
    await addDialog.getByLabel('First event (optional)').fill('1');
    await addDialog.getByRole('button', { name: 'Add topic' }).click();
    await expect(page.getByText('Topic e2e/series added.')).toBeVisible();
    await page.goto(`/service/${serviceId}/topics/e2e/series`);
    await page.getByLabel('New event').fill('2');
    await page.getByRole('button', { name: 'Append event' }).click();
    await expect(page.getByText('Event appended.')).toBeVisible();
    await expect.poll(subscriber.output, { timeout: 10_000 }).toContain('e2e/series 2');
    const events = page.getByRole('table', { name: 'Events of e2e/series' });
    await expect(events.getByRole('row')).toHaveCount(3);
    await expect(events.getByRole('row').nth(1)).toContainText('2');
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-editing-series-1440.png'),
      fullPage: true,
    });

    // Three more topics published by a client; remove them by selector: the confirmation says how many.
    for (const name of ['a', 'b', 'c']) {
      const put = await page.request.put(
        `/v3/service/${serviceId}/topic?path=${encodeURIComponent(`e2e/room2/${name}`)}`,
        { data: { type: 'STRING', value: name } },
      );
      expect(put.status(), await put.text()).toBe(200);
    }
    await page.getByRole('button', { name: 'Remove by selector' }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Remove topics by selector' });
    await removeDialog.getByRole('textbox', { name: 'Topic selector' }).fill('?e2e/room[0-9');
    await expect(removeDialog.getByText(/Invalid regular expression/)).toBeVisible();
    await removeDialog.getByRole('textbox', { name: 'Topic selector' }).fill('>e2e/room2/');
    await expect(removeDialog.getByTestId('selector-match-count')).toHaveText('3 topics match');
    await expect(removeDialog.getByRole('list', { name: 'Matching topics' })).toContainText(
      'e2e/room2/c',
    );
    await expectAccessible(page);
    await removeDialog.getByRole('button', { name: 'Remove matching topics…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove these topics?' });
    await expect(confirm.getByTestId('remove-by-selector-confirmation')).toContainText(
      '3 topics matching >e2e/room2/ will be removed',
    );
    await page.screenshot({
      path: test.info().outputPath('topic-editing-remove-confirm-1440.png'),
    });
    await confirm.getByRole('button', { name: 'Remove 3 topics' }).click();
    await expect(page.getByText('3 topics removed.')).toBeVisible();
    expect(await topicCount(page.request, serviceId, '>e2e/room2/')).toBe(0);

    // Remove one topic: only that one goes.
    await page.goto(`/service/${serviceId}/topics/e2e/room1/count`);
    await page.getByRole('button', { name: 'Remove topic' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this topic?' })
      .getByRole('button', { name: 'Remove topic' })
      .click();
    await expect(page.getByText('Topic e2e/room1/count removed.')).toBeVisible();
    expect(await topicCount(page.request, serviceId, '>e2e/room1/count')).toBe(0);
    expect(await topicCount(page.request, serviceId, '>e2e//')).toBe(2);

    // The playground in the Search tab, on a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/service/${serviceId}/topics/`);
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByRole('textbox', { name: 'Search topics' }).fill('*e2e/.*');
    await expect(page.getByTestId('selector-match-count')).toHaveText('2 topics match');
    await page.getByRole('button', { name: 'Selector syntax' }).click();
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-editing-search-360.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'e2e/room1/temperature' }).click();
    await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/topics/e2e/room1/temperature$`));
    await expect(page.getByLabel('New value')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('topic-editing-topic-360.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Add topic' }).first().click();
    await addDialog.getByRole('combobox', { name: 'Type' }).selectOption('TIME_SERIES');
    await addDialog.getByRole('button', { name: 'Properties' }).click();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('topic-editing-add-360.png') });
  } finally {
    subscriber.child.kill();
  }
});

test('a User member browses topics but has no edit controls, and the API refuses their writes', async ({
  page,
  browser,
  baseURL,
  coverage,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, newAccount({ company: 'Read Only Co' }));
  const { workspaceId, serviceId } = await createRunningService(
    page,
    `browse-${Date.now().toString(36)}`,
  );
  const put = await page.request.put(`/v3/service/${serviceId}/topic?path=shared%2Freading`, {
    data: { type: 'JSON', value: { level: 3 } },
  });
  expect(put.status(), await put.text()).toBe(200);

  // The owner invites a new account as a User, who accepts (their own browser context: signing up
  // through the owner's context would log the owner out).
  const theirContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  coverage.watch(theirContext);
  const theirs = await theirContext.newPage();
  try {
    await joinedMember(page.request, theirs.request, workspaceId, {
      account: newAccount({ firstName: 'Grace' }),
    });

    await theirs.goto(`/service/${serviceId}/topics/shared/reading`);
    await expect(
      theirs.getByText('Only an Admin or Owner of the workspace can change topics.').first(),
    ).toBeVisible();
    await expect(theirs.getByLabel('New value')).toHaveCount(0);
    for (const name of ['Add topic', 'Remove topic', 'Remove by selector']) {
      await expect(theirs.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    await theirs.getByRole('button', { name: 'Add topic' }).click({ force: true });
    await expect(theirs.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(theirs);
    await theirs.screenshot({
      path: test.info().outputPath('topic-editing-user-1440.png'),
      fullPage: true,
    });

    // The second door: the API refuses the User's writes, and still answers their reads.
    const refusedPut = await theirs.request.put(
      `/v3/service/${serviceId}/topic?path=shared%2Freading`,
      {
        data: { value: { level: 4 } },
      },
    );
    expect(refusedPut.status()).toBe(403);
    const refusedRemoval = await theirs.request.delete(
      `/v3/service/${serviceId}/topics?selector=%3Eshared%2F%2F`,
    );
    expect(refusedRemoval.status()).toBe(403);
    expect(await topicCount(theirs.request, serviceId, '>shared//')).toBe(1);
  } finally {
    await closeContext(theirContext, coverage);
  }
});
