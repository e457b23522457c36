import type { WebSocket } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { signedIn } from './fixtures/session';
import { runShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

test("the dashboard's messaging session connects on the topics page only and comes back after a restart", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, newAccount({ company: 'Live Sessions' }));
  const { serviceId, token, mqttPort } = await createRunningService(
    page,
    `live-${Date.now().toString(36)}`,
  );
  const publish = (message: string) =>
    runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -q 1 -r -t 'heartbeat' -m '${message}'`,
    );
  await publish('before restart');

  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().endsWith('/mqtt')) sockets.push(socket);
  });

  // Other service pages open no MQTT socket.
  await page.goto(`/service/${serviceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(sockets).toHaveLength(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/service/${serviceId}/topics/`);
  const indicator = page.getByRole('status', { name: 'Live connection' });
  await expect(indicator).toHaveText('Connected', { timeout: 15_000 });
  expect(sockets).toHaveLength(1);
  expect(sockets[0]!.url()).toMatch(
    /^ws:\/\/live-[a-z0-9]+\.eu-west-1\.local\.localhost:\d+\/mqtt$/,
  );
  const heartbeat = page.getByRole('tree', { name: 'Topic tree' }).getByRole('treeitem', {
    name: /^heartbeat/,
  });
  await expect(heartbeat).toContainText('before restart');
  await page.screenshot({ path: 'test-results/messaging-session-1440.png' });
  await expectAccessible(page);

  // The runtime restarts under the open page: an unrequested close, then reconnects every second until it is back.
  const restarted = await page.request.post(`/v3/service/${serviceId}/restart`);
  expect(restarted.status()).toBe(202);
  await expect.poll(() => sockets[0]!.isClosed(), { timeout: 30_000 }).toBe(true);
  await expect(indicator).toHaveText('Connected', { timeout: 30_000 });
  expect(sockets.length).toBeGreaterThanOrEqual(2);

  // The subscriptions came back with the new connection: a value published now arrives live.
  await publish('after restart');
  await expect(heartbeat).toContainText('after restart', { timeout: 10_000 });

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(indicator).toBeVisible();
  // The navigation slides out of view when the viewport narrows; the screenshot waits for it.
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'test-results/messaging-session-360.png' });
  await expectAccessible(page);

  // Leaving the page for another service page closes the session (a requested close): no reconnect follows.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page
    .getByRole('navigation', { name: 'Service' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await expect
    .poll(() => sockets.every((socket) => socket.isClosed()), { timeout: 10_000 })
    .toBe(true);
  const count = sockets.length;
  await page.waitForTimeout(2_500);
  expect(sockets).toHaveLength(count);
});
