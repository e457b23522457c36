import { startPostgresServer } from '../apps/server/src/testing/postgres-server';
import { startServerProcess } from './fixtures/server-process';
import { test, expect, expectAccessible } from './fixtures/test';

test('a server that loses its database shows the failure as an error toast', async ({ page }) => {
  // A real PostgreSQL server under a real control plane; stopping it is a real outage.
  const postgres = await startPostgresServer();
  const server = await startServerProcess({ DATABASE_URL: postgres.urlFor('postgres') });
  try {
    await page.goto(`${server.baseURL}/`);
    await expect(page.getByRole('heading', { name: 'Herald Cloud' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await postgres.stop();
    await page.reload();

    const toast = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(toast).toContainText('An error was encountered in the server status check');
    // A known server message, mapped to friendlier text (spec section 8).
    await expect(toast).toContainText('The server cannot reach its database.');
    await expectAccessible(page);
  } finally {
    await server.stop();
    await postgres.stop();
  }
});
