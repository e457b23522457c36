import type { Page } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { startRestTestServer, type RestTestServer } from './fixtures/rest-api-server';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

/*
 * Issue 28's journey: a person with a service adds a web API through the screens, adds an endpoint, and watches
 * its answer become a topic in the topic browser, then follow the API as its answer changes; edits the endpoint with
 * a value pointer previewed live, polls now, and deletes, with section 8's toasts. The web API is a local server
 * (fixtures/rest-api-server.ts) the control plane is allowed to reach (REST_ADAPTER_ALLOWED_HOSTS).
 */

let api: RestTestServer;

test.beforeAll(async () => {
  api = await startRestTestServer();
});

test.afterAll(async () => {
  await api?.stop();
});

async function expectNoSideScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('a web API added through the screens feeds a topic that follows its answers, at 1440 and 360 px', async ({
  page,
}) => {
  test.setTimeout(300_000);
  api.serve('/prices/eur', { data: { price: 12.5, currency: 'EUR' } });
  await signedIn(page, newAccount({ company: 'Price Feeds' }));
  // Any plan may have its REST adapter (decision 052): a free service.
  const { serviceId } = await createRunningService(page, `rest-${Date.now().toString(36)}`);

  // The service navigation offers REST APIs (version 6.8 or later): an empty list saying what they are for.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/service/${serviceId}`);
  await page
    .getByRole('navigation', { name: 'Service' })
    .getByRole('link', { name: 'REST APIs' })
    .click();
  await expect(page).toHaveURL(`/service/${serviceId}/rest`);
  await expect(page.getByRole('heading', { level: 1, name: 'REST APIs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No REST API yet' })).toBeVisible();
  await expectAccessible(page);

  // Add the API, with a header.
  await page.getByRole('button', { name: 'Add API' }).click();
  const addApi = page.getByRole('dialog', { name: 'Add a REST API' });
  await addApi.getByRole('textbox', { name: 'Label' }).fill('Market');
  await addApi.getByRole('textbox', { name: 'Base URL' }).fill(api.baseUrl);
  await addApi.getByRole('button', { name: 'Add header' }).click();
  await addApi.getByRole('textbox', { name: 'Header 1 name' }).fill('Accept');
  await addApi.getByRole('textbox', { name: 'Header 1 value' }).fill('application/json');
  await expectAccessible(page);
  await addApi.getByRole('button', { name: 'Add API' }).click();
  await expect(page.getByText('API added successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Market' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
  const apiUrl = new URL(page.url()).pathname;

  // Add an endpoint polled every second; its topic is derived from the path.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const addEndpoint = page.getByRole('dialog', { name: 'Add an endpoint' });
  await addEndpoint.getByRole('textbox', { name: 'Path', exact: true }).fill('/prices/eur');
  await expect(addEndpoint.getByText('Publishes to prices/eur')).toBeVisible();
  await addEndpoint.getByRole('textbox', { name: 'Poll interval (seconds)' }).fill('1');
  await addEndpoint.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText('Endpoint added successfully!')).toBeVisible();
  const endpoint = page.getByRole('region', { name: '/prices/eur' });
  await expect(endpoint.getByText(`${api.baseUrl}/prices/eur`)).toBeVisible();

  // The adapter starts and publishes: the endpoint's last value is what the API serves.
  await expect(page.getByText('Adapter: Polling')).toBeVisible({ timeout: 60_000 });
  await expect(endpoint.getByLabel(/^Last value/)).toContainText('"price":12.5', {
    timeout: 30_000,
  });
  // Polled every second: published once, then unchanged until the answer changes.
  await expect(endpoint.getByText(/^(Published (just now|\d+ s ago)|Unchanged)$/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/rest-api-1440.png', fullPage: true });

  // The topic it became, in the topic browser; a changed answer arrives there live.
  await endpoint.getByRole('link', { name: 'prices/eur' }).click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/topics/prices/eur$`));
  await expect(page.getByTestId('topic-value')).toContainText('12.5', { timeout: 15_000 });
  api.serve('/prices/eur', { data: { price: 13.25, currency: 'EUR' } });
  await expect(page.getByTestId('topic-value')).toContainText('13.25', { timeout: 15_000 });

  // Edit the endpoint: the value pointer is previewed on the API's answer as it is typed.
  await page.goto(apiUrl);
  await endpoint.getByRole('button', { name: 'Edit' }).click();
  const editEndpoint = page.getByRole('dialog', { name: 'Edit endpoint /prices/eur' });
  const pointer = editEndpoint.getByRole('textbox', { name: 'Value pointer' });
  await pointer.fill('$.data.price');
  await editEndpoint.getByRole('button', { name: 'Preview' }).click();
  const preview = editEndpoint.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('HTTP 200 · application/json', { exact: false })).toBeVisible();
  await expect(preview.getByLabel('Body received')).toContainText('"currency":"EUR"');
  await expect(editEndpoint.getByLabel('The pointer picks')).toHaveText('13.25');
  await pointer.fill('$.data.');
  await expect(pointer).toHaveAccessibleDescription(/Expected a member name after "\."/);
  await pointer.fill('$.data.currency');
  await expect(editEndpoint.getByLabel('The pointer picks')).toHaveText('"EUR"');
  await pointer.fill('$.data.price');
  await expectAccessible(page);
  await editEndpoint.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(page.getByText('Endpoint updated successfully!')).toBeVisible();
  // The change restarts the adapter (decision 052); back, it publishes what the pointer picks.
  await expect(endpoint.getByLabel(/^Last value/)).toHaveText('13.25', { timeout: 60_000 });

  // Poll now: what the API answered and which topic it became.
  api.serve('/prices/eur', { data: { price: 14, currency: 'EUR' } });
  await endpoint.getByRole('button', { name: 'Poll now' }).click();
  const answered = endpoint.getByRole('region', { name: 'What the API answered' });
  await expect(answered.getByText(/^HTTP 200 · application\/json · \d+ ms$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(answered.getByText('prices/eur', { exact: true })).toBeVisible();
  await expect(endpoint.getByLabel(/^Last value/)).toHaveText('14', { timeout: 15_000 });
  await expectAccessible(page);

  // Edit the API's label.
  await page.getByRole('button', { name: 'Edit API' }).click();
  const editApi = page.getByRole('dialog', { name: 'Edit API "Market"' });
  await editApi.getByRole('textbox', { name: 'Label' }).fill('Market data');
  await editApi.getByRole('button', { name: 'Save API' }).click();
  await expect(page.getByText('API updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Market data' })).toBeVisible();

  // Dark scheme, then on a phone: the list's rows stack and the API's page fits.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/service/${serviceId}/rest`);
  const row = page.getByRole('row').filter({ hasText: 'Market data' });
  // The label's change restarted the adapter too: its endpoint reads "Not polled yet" until it is back.
  await expect(row.getByText(/^(Published|Unchanged)/)).toBeVisible({ timeout: 60_000 });
  await expectNoSideScroll(page, 360);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/rest-list-360.png', fullPage: true });
  await page.goto(apiUrl);
  await expect(endpoint).toBeVisible();
  await expectNoSideScroll(page, 360);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/rest-api-360.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Delete the endpoint, then the API, each after a confirm: back to the empty list.
  await endpoint.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the endpoint /prices/eur?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Endpoint deleted successfully!')).toBeVisible();
  await expect(page.getByText(/^No endpoint yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete API' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the API "Market data"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('API deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(`/service/${serviceId}/rest`);
  await expect(page.getByRole('heading', { name: 'No REST API yet' })).toBeVisible();
});
