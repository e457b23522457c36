import { test, expect, expectAccessible } from './fixtures/test';

test('the API reference lists the registered routes and can call one', async ({ page }) => {
  // The reference is a large page of Swagger UI's: axe reads all of it four times (both schemes, both widths).
  test.setTimeout(120_000);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  await page.goto('/v3/docs');
  const health = page.locator('.opblock').filter({ hasText: '/v3/health' });
  // The reference renders itself from the OpenAPI document: slower than a page of ours on a loaded machine.
  await expect(health).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  // Try the health call from the reference itself, against the running server.
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(
    health.locator('.live-responses-table tbody .response-col_status').first(),
  ).toHaveText('200');
  expect(cspViolations).toEqual([]);
});

test('the OpenAPI document is served as JSON', async ({ request }) => {
  const response = await request.get('/v3/openapi.json');
  expect(response.ok()).toBe(true);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths)).toContain('/v3/health');
});
