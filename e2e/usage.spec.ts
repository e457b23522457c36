import type { Page } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { runShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

const MESSAGES = 120;
/** 20 messages a second: 50 ms apart. */
const INTERVAL_SECONDS = 0.05;

/** Messages published and delivered in the last hour, as the usage API answers the Last hour view. */
async function lastHourMessages(page: Page, serviceId: string): Promise<number> {
  const to = Math.floor(Date.now() / 1000);
  const response = await page.request.get(
    `/v3/service/${serviceId}/usage?queryType=sum&from=${to - 3600}&to=${to}&metrics=billed_messages_total`,
  );
  expect(response.status(), await response.text()).toBe(200);
  const [item] = (await response.json()) as { metricType: string; value: number }[];
  return item?.value ?? -1;
}

/**
 * Where a level chart draws today's step: the x-range of its highest level (today's, the only non-zero day of a new
 * service) must be centred on today's label, as the messages bar of that day is, and be at least half a day wide.
 */
async function expectLevelOnItsDay(page: Page, chart: string) {
  const svg = page.locator(`[data-usage-chart="${chart}"] svg`).first();
  await expect(svg.locator('.recharts-area-curve')).toHaveCount(1);
  const geometry = await svg.evaluate((element) => {
    const today = new Date().toLocaleDateString('en-US', { weekday: 'short' });
    const ticks = [
      ...element.querySelectorAll(
        '.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value',
      ),
    ];
    const xs = ticks.map((tick) => Number(tick.getAttribute('x')));
    const todayTick = ticks.find((tick) => tick.textContent === today);
    const d = element.querySelector('.recharts-area-curve')?.getAttribute('d') ?? '';
    const numbers = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const points: [number, number][] = [];
    for (let index = 0; index + 1 < numbers.length; index += 2) {
      points.push([numbers[index]!, numbers[index + 1]!]);
    }
    const top = Math.min(...points.map(([, y]) => y));
    const plateau = points.filter(([, y]) => Math.abs(y - top) < 0.5).map(([x]) => x);
    return {
      todayX: Number(todayTick?.getAttribute('x')),
      stepWidth: (xs[xs.length - 1]! - xs[0]!) / (xs.length - 1),
      start: Math.min(...plateau),
      end: Math.max(...plateau),
    };
  });
  expect(Number.isFinite(geometry.todayX), JSON.stringify(geometry)).toBe(true);
  expect(geometry.end - geometry.start, JSON.stringify(geometry)).toBeGreaterThanOrEqual(
    geometry.stepWidth / 2 - 1,
  );
  expect(
    Math.abs((geometry.start + geometry.end) / 2 - geometry.todayX),
    JSON.stringify(geometry),
  ).toBeLessThanOrEqual(geometry.stepWidth / 4 + 1);
}

/** The numbers of a usage table's value column (the table view of a chart), summed. */
async function tableSum(page: Page, caption: string): Promise<number> {
  const cells = await page
    .getByRole('table', { name: caption })
    .locator('tbody tr td:last-child')
    .allInnerTexts();
  return cells.reduce((total, cell) => total + Number(cell.replace(/[^\d]/g, '')), 0);
}

test('messages published with mosquitto_pub at a known rate show on the usage screen and the overview', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedIn(page, newAccount({ company: 'Usage Meters' }));
  const { serviceId, token, mqttPort } = await createRunningService(
    page,
    `usage-${Date.now().toString(36)}`,
  );

  // 120 messages at 20 a second, no subscriber: 120 billed messages (published + delivered).
  await runShellSnippet(
    `for i in $(seq 1 ${MESSAGES}); do echo "reading $i"; sleep ${INTERVAL_SECONDS}; done | ` +
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -q 1 -t 'meters/usage' -l`,
    60_000,
  );
  // The control plane scrapes every 2 s in these journeys (playwright.config.ts).
  await expect
    .poll(() => lastHourMessages(page, serviceId), { timeout: 60_000, intervals: [1_000] })
    .toBe(MESSAGES);

  // The usage screen, from the service navigation; the default view is this week.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/service/${serviceId}`);
  await page.getByRole('navigation').getByRole('link', { name: 'Usage', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/metrics$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'This week' })).toBeChecked();
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.locator('[data-usage-figure="Billed"]')).toContainText(String(MESSAGES));
  // Issue 25: no subscriber, so every billed message is one published; in and out shown apart, and why.
  await expect(messages.locator('[data-usage-figure="In (published)"]')).toContainText(
    String(MESSAGES),
  );
  await expect(messages.locator('[data-usage-figure="Out (delivered)"]')).toContainText('0');
  await expect(
    messages.getByText(/^Billed messages are the messages clients publish/),
  ).toBeVisible();
  // Issue 25: each day's level is drawn on that day's label (as its bar is), not from it to the next day.
  await expectLevelOnItsDay(page, 'Topics');

  await page.getByText('Last hour', { exact: true }).click();
  await expect(page).toHaveURL(/\?period=hour$/);
  await expect(messages.locator('[data-usage-figure="Billed"]')).toContainText(String(MESSAGES));
  await expect(
    messages.getByText(/^Messages in the last hour: 120 billed, 120 in and 0 out; busiest minute/),
  ).toBeVisible();
  await expect(messages.locator('[data-usage-chart="Messages"] svg').first()).toBeVisible();
  await expect(page.locator('[data-usage-figure="Data in and out"]')).toContainText(/\d/);
  await page.screenshot({ path: 'test-results/usage-1440.png', fullPage: true });
  await expectAccessible(page);

  await messages.getByRole('switch', { name: 'Show as table' }).check({ force: true });
  const table = page.getByRole('table', { name: 'Messages in the last hour' });
  await expect(table).toBeVisible();
  // One row per minute of the hour (zero-filled), and the rows add up to what was published.
  await expect(table.locator('tbody tr')).toHaveCount(60);
  expect(await tableSum(page, 'Messages in the last hour')).toBe(MESSAGES);
  await expectAccessible(page);

  // A phone: the period picker becomes a select, the cards stack.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('hour');
  await expect(
    page.getByRole('region', { name: 'Messages' }).locator('[data-usage-figure="Billed"]'),
  ).toContainText(String(MESSAGES));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/usage-360.png', fullPage: true });
  await expectAccessible(page);

  // Issue 25: the week on a phone labels every day ("Thu" was dropped).
  await page.getByRole('combobox', { name: 'Period' }).selectOption('isoWeek');
  for (const chart of ['Messages', 'Sessions', 'Topics']) {
    const ticks = page.locator(
      `[data-usage-chart="${chart}"] .recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value`,
    );
    await expect(ticks).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  }
  await page.screenshot({ path: 'test-results/usage-week-360.png', fullPage: true });

  // The overview's usage section: this week by default.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/service/${serviceId}`);
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage.getByRole('combobox', { name: 'Usage period' })).toHaveValue('isoWeek');
  await expect(usage.locator('[data-usage-figure="Messages billed"]')).toContainText(
    String(MESSAGES),
  );
  await expect(usage.locator('[data-usage-figure="Messages in"]')).toContainText(String(MESSAGES));
  await expect(usage.locator('[data-usage-figure="Messages out"]')).toContainText('0');
  await page.screenshot({ path: 'test-results/usage-overview-1440.png', fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(usage.locator('[data-usage-figure="Messages billed"]')).toContainText(
    String(MESSAGES),
  );
  // The section fits a phone: nothing in it reaches past the viewport.
  const overflowing = await usage.evaluate((section) =>
    [section, ...section.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(overflowing).toEqual([]);
  await page.screenshot({ path: 'test-results/usage-overview-360.png', fullPage: true });
  await usage.getByRole('link', { name: 'View usage' }).click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/metrics$`));
});
