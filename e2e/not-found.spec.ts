import { test, expect, expectAccessible } from './fixtures/test';

test('an unknown route shows the 404 page with a link back home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200); // the SPA's history fallback answers; the router decides

  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Herald Cloud' })).toBeVisible();
});

test('an unknown API path answers a JSON 404 in the error envelope, not the SPA', async ({
  request,
}) => {
  const response = await request.get('/v3/no-such-endpoint');
  expect(response.status()).toBe(404);
  const body = await response.json();
  expect(body).toMatchObject({
    code: 'NOT_FOUND',
    message: expect.stringContaining('/v3/no-such-endpoint'),
  });
  expect(typeof body.requestId).toBe('string');
});
