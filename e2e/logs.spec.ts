import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { runShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

const LINES = 250;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/**
 * Writes `LINES` JSON lines into a log file of the service's data directory, as an adapter will (adapters are not
 * built yet: the file is the contract, docs/decisions/022). Every tenth line is an error, every third a warning.
 */
function writeAdapterLog(serviceId: string, fileName: string, prefix: string): void {
  const dataDir = process.env.HERALD_E2E_DATA_DIR;
  if (dataDir === undefined) throw new Error('HERALD_E2E_DATA_DIR is not set');
  const start = Date.now() - LINES * 1_000;
  const lines = Array.from({ length: LINES }, (_, index) => {
    const n = index + 1;
    const level = n % 10 === 0 ? 'error' : n % 3 === 0 ? 'warn' : 'info';
    return JSON.stringify({
      time: new Date(start + n * 1_000).toISOString(),
      level,
      msg: `${prefix} line ${n}`,
      partition: n % 3,
    });
  });
  writeFileSync(path.join(dataDir, 'services', serviceId, fileName), `${lines.join('\n')}\n`);
}

/** The messages of the entries shown, top to bottom. */
async function shownMessages(page: Page): Promise<string[]> {
  const rows = page.getByRole('list', { name: 'Log entries' }).getByRole('listitem');
  return rows.evaluateAll((items) =>
    items.map((item) => item.querySelector('p')?.textContent ?? ''),
  );
}

/** Newest first: `{prefix} line 250` down to `{prefix} line {to}`. */
function expectedMessages(prefix: string, to = 1): string[] {
  return Array.from({ length: LINES - to + 1 }, (_, index) => `${prefix} line ${LINES - index}`);
}

/** The newest 100 show; Load more twice shows all 250 in order, without duplicates, and then the end. */
async function loadEverything(page: Page, prefix: string) {
  const list = page.getByRole('list', { name: 'Log entries' });
  await expect(list.getByRole('listitem')).toHaveCount(100);
  expect(await shownMessages(page)).toEqual(expectedMessages(prefix, 151));
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(200);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(LINES);
  await expect(page.getByText('No older entries')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const messages = await shownMessages(page);
  expect(messages).toEqual(expectedMessages(prefix));
  expect(new Set(messages).size).toBe(LINES);
}

test('an Owner reads the service, event and adapter logs: live tail, load more, filters and download', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page, newAccount({ company: 'Log Works' }));
  const serviceName = `logs-${Date.now().toString(36)}`;
  const { serviceId, mqttPort } = await createRunningService(page, serviceName);

  // Logs opens on the service's own log: the runtime's real start-up lines.
  await page.goto(`/service/${serviceId}/logs`);
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/logs/service$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Log entries' });
  await expect(list.getByText('ready', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Written by the service's MQTT broker")).toBeVisible();

  // Live tail: a refused MQTT login appears at the top without reloading.
  await page.getByRole('switch', { name: 'Live tail' }).check();
  await runShellSnippet(
    `mosquitto_pub -h localhost -p ${mqttPort} -u token -P not-a-token -i e2e-intruder -t a -m b || true`,
  );
  const refused = list.getByRole('listitem').filter({ hasText: 'mqtt authentication failed' });
  await expect(refused.first()).toBeVisible({ timeout: 15_000 });
  await expect(refused.first().getByText('Warning')).toBeVisible();
  await expect(refused.first()).toContainText('clientId=e2e-intruder');
  await expectAccessible(page);
  await shoot(page, 'logs-service-1440');
  await page.getByRole('switch', { name: 'Live tail' }).uncheck();

  // Events: written by the control plane.
  await page.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(new RegExp(`/logs/events$`));
  await expect(list.getByText('The service was created')).toBeVisible();
  await expect(list.getByText('The service is running')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'logs-events-1440');

  // The adapters' files, as adapters will write them.
  writeAdapterLog(serviceId, 'kafka-adapter-k1.log', 'kafka');
  writeAdapterLog(serviceId, 'rest-adapter.log', 'rest');
  await expect
    .poll(
      async () => {
        const [kafka, rest] = await Promise.all(
          [`logs/kafka-adapter/k1`, 'logs/rest-adapter'].map(async (log) => {
            const answer = await page.request.get(`/v3/service/${serviceId}/${log}?limit=1000`);
            return answer.ok()
              ? ((await answer.json()) as { logDetails: unknown[] }).logDetails.length
              : -1;
          }),
        );
        return [kafka, rest];
      },
      { timeout: 30_000 },
    )
    .toEqual([LINES, LINES]);

  // Kafka: the adapters with logs, then k1's log.
  await page.getByRole('link', { name: 'Kafka adapters' }).click();
  await page
    .getByRole('list', { name: 'Kafka adapters with logs' })
    .getByRole('link', { name: 'k1' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Kafka adapter k1' })).toBeVisible();
  await loadEverything(page, 'kafka');
  await expectAccessible(page);
  await shoot(page, 'logs-kafka-1440');

  // Filters: errors only (every tenth line), then a text.
  await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Errors only' });
  await expect(list.getByRole('listitem')).toHaveCount(LINES / 10);
  expect(await shownMessages(page)).toEqual(
    expectedMessages('kafka').filter((message) => Number(message.split(' ').pop()) % 10 === 0),
  );
  await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'All' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('kafka line 24');
  const matching = [
    'kafka line 249',
    ...Array.from({ length: 9 }, (_, i) => `kafka line ${248 - i}`),
    'kafka line 24',
  ];
  await expect.poll(() => shownMessages(page)).toEqual(matching);

  // Download: the shown entries as a file, oldest first.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${serviceName}-kafka-adapter-k1-\\d{4}-\\d{2}-\\d{2}\\.log$`),
  );
  const saved = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\n');
  expect(
    saved.map((line) => line.replace(/^\S+ \S+ \S+\s+/, '').replace(/ partition=\d$/, '')),
  ).toEqual([...matching].reverse());

  // REST adapter.
  await page.getByRole('link', { name: 'REST adapter' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'REST adapter log' })).toBeVisible();
  await loadEverything(page, 'rest');
  await expectAccessible(page);

  // A phone 360 px wide: the same log, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/service/${serviceId}/logs/kafka/k1`);
  await expect(list.getByRole('listitem')).toHaveCount(100);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('logs-kafka-360.png') });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.scrollIntoViewIfNeeded();
  await expect(loadMore).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('logs-kafka-360-end.png') });
});
