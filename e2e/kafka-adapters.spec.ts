import { startKafkaMock, type KafkaMock } from '@herald/kafka-mock/start-kafka-mock';
import type { Page } from '@playwright/test';
import { Kafka, logLevel } from 'kafkajs';
import { newAccount } from './fixtures/accounts';
import { signedIn } from './fixtures/session';
import { runShellSnippet } from './fixtures/snippets';
import { test, expect, expectAccessible } from './fixtures/test';

/*
 * Issue 27's journey: a person with a paid service connects a Kafka cluster through the screens (adapter, cluster with
 * its connection test, subscriber, publisher) and watches records flow both ways: a record produced to Kafka shows in
 * the subscriber's sample panel and becomes a topic in the topic browser; a value published over MQTT is consumed from
 * Kafka with its key. The peer is librdkafka's mock cluster (packages/kafka-mock), started here.
 */

let kafka: KafkaMock;

test.beforeAll(async () => {
  kafka = await startKafkaMock({ topics: [{ name: 'prices', partitions: 1 }, 'sensors.temp'] });
});

test.afterAll(async () => {
  await kafka?.stop();
});

function kafkaClient() {
  return new Kafka({
    clientId: 'e2e-kafka-adapters',
    brokers: [...kafka.brokers],
    logLevel: logLevel.NOTHING,
    retry: { retries: 5 },
  });
}

/** A card through the built-in checkout, from Billing (billing.spec.ts covers the flow itself). */
async function addCard(page: Page, workspaceId: string) {
  await page.goto(`/workspace/${workspaceId}/billing`);
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await expect(page).toHaveURL(/\/pay\/[^/]+$/);
  await page.getByLabel('Cardholder name').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.goto(`/workspace/${workspaceId}/billing`);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible({ timeout: 30_000 });
}

/** A running XSmall service (a Kafka adapter is not permitted at the free tier, section 8) and a token for MQTT. */
async function createPaidService(page: Page, workspaceId: string) {
  const created = await page.request.post('/v3/service/create', {
    data: {
      workspaceId,
      serviceName: `kafka-${Date.now().toString(36)}`,
      region: 'eu-west-1.local',
      billingPlan: 'xsmall',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { serviceId } = (await created.json()) as { serviceId: string };
  let mqttPort = 0;
  await expect
    .poll(
      async () => {
        const service = (await (await page.request.get(`/v3/service/${serviceId}`)).json()) as {
          status: string;
          endpoints: { mqttPort: number | null };
        };
        mqttPort = service.endpoints.mqttPort ?? 0;
        return service.status;
      },
      { timeout: 30_000 },
    )
    .toBe('RUNNING');
  const details = await page.request.post(`/v3/service/${serviceId}/service-api/details/reveal`);
  expect(details.status()).toBe(200);
  const { access_token: token } = (await details.json()) as { access_token: string };
  return { serviceId, token, mqttPort };
}

async function expectNoSideScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('a Kafka cluster connected through the screens carries records both ways, at 1440 and 360 px', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signedIn(page, newAccount({ company: 'Kafka Bridges' }));
  const workspaceId = new URL(page.url()).pathname.split('/').pop()!;
  await addCard(page, workspaceId);
  const { serviceId, token, mqttPort } = await createPaidService(page, workspaceId);

  // The service navigation offers Kafka (version 6.9 or later, flag dashboard.kafka): an empty list.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/service/${serviceId}`);
  await page
    .getByRole('navigation', { name: 'Service' })
    .getByRole('link', { name: 'Kafka' })
    .click();
  await expect(page).toHaveURL(`/service/${serviceId}/kafka`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kafka' })).toBeVisible();
  await expect(page.getByText(/^No Kafka adapters yet/)).toBeVisible();
  await expectAccessible(page);

  // Create the adapter: its page opens once the server has returned its id.
  await page.getByRole('button', { name: 'Create adapter' }).click();
  const create = page.getByRole('dialog', { name: 'Create a Kafka adapter' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Market data');
  await create.getByRole('button', { name: 'Create adapter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Market data' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/kafka/[^/]+$`));
  const adapterUrl = new URL(page.url()).pathname;

  // The cluster: the connection test against the mock answers true, then it is saved.
  await page.getByRole('button', { name: 'Add cluster' }).click();
  const clusterForm = page.getByRole('dialog', { name: 'Add a Kafka cluster' });
  await clusterForm.getByRole('textbox', { name: 'Name' }).fill('Local Kafka');
  await clusterForm.getByRole('textbox', { name: 'Broker addresses' }).fill(kafka.bootstrap);
  await expectAccessible(page);
  await clusterForm.getByRole('button', { name: 'Test connection' }).click();
  await expect(clusterForm.getByText('Connection successful: the cluster answered.')).toBeVisible({
    timeout: 15_000,
  });
  await clusterForm.getByRole('button', { name: 'Save cluster' }).click();
  await expect(page.getByText('Configuration for cluster "Local Kafka" now saved.')).toBeVisible();
  const cluster = page.getByRole('region', { name: 'Local Kafka' });
  await expect(cluster).toBeVisible();

  // A subscriber: Kafka topic prices → kafka/prices/{partition}.
  await cluster.getByRole('button', { name: 'Add subscriber' }).click();
  const subscriberForm = page.getByRole('dialog', { name: 'Add a subscriber' });
  await subscriberForm.getByRole('textbox', { name: 'Name' }).fill('Prices in');
  await subscriberForm.getByRole('textbox', { name: 'Kafka topics' }).fill('prices');
  await subscriberForm.getByRole('textbox', { name: 'Consumer group id' }).fill('herald-e2e');
  await expectAccessible(page);
  await subscriberForm.getByRole('button', { name: 'Save subscriber' }).click();
  await expect(page.getByText('Configuration for subscriber "Prices in" now saved.')).toBeVisible();

  // A publisher: our sensors topics → Kafka (sensors/temp → sensors.temp), keyed by the topic path.
  await cluster.getByRole('button', { name: 'Add publisher' }).click();
  const publisherForm = page.getByRole('dialog', { name: 'Add a publisher' });
  await publisherForm.getByRole('textbox', { name: 'Name' }).fill('Sensors out');
  await publisherForm.getByRole('textbox', { name: 'Topic selector' }).fill('?sensors//');
  await publisherForm.getByRole('button', { name: 'Save publisher' }).click();
  await expect(
    page.getByText('Configuration for publisher "Sensors out" now saved.'),
  ).toBeVisible();

  // The adapter process connects: the live state says so.
  await expect(page.getByText('Connected to Kafka')).toBeVisible({ timeout: 60_000 });
  await expect(cluster.getByText('Connected', { exact: true })).toBeVisible();

  // Kafka → service: a record produced to Kafka shows in the sample panel with the topic it became. Whether a new
  // consumer group starts at the earliest or the latest offset is the adapter's choice, so a record produced before
  // its consumer has joined may be skipped: produce again until one shows, as a person trying it would.
  await cluster.getByRole('button', { name: 'Sample of "Prices in"' }).click();
  const sample = page.getByRole('table', { name: 'Last records of "Prices in"' });
  const producer = kafkaClient().producer();
  await producer.connect();
  try {
    await expect(async () => {
      await producer.send({
        topic: 'prices',
        messages: [{ key: 'EURUSD', value: '{"bid":1.0842}' }],
      });
      await expect(sample.getByText('{"bid":1.0842}').first()).toBeVisible({ timeout: 8_000 });
    }).toPass({ timeout: 60_000 });
  } finally {
    await producer.disconnect();
  }
  await expect(sample.getByText('EURUSD').first()).toBeVisible();
  await expect(sample.getByText(/^prices · partition 0 · offset \d+$/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/kafka-adapter-1440.png', fullPage: true });

  // The topic it became, in the topic browser.
  await sample.getByRole('link', { name: 'kafka/prices/0' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/topics/kafka/prices/0$`));
  await expect(page.getByTestId('topic-value')).toContainText('1.0842', { timeout: 15_000 });

  // Service → Kafka: a value published over MQTT is consumed from Kafka with the topic path as its key.
  const consumer = kafkaClient().consumer({ groupId: `e2e-check-${Date.now().toString(36)}` });
  await consumer.connect();
  await consumer.subscribe({ topic: 'sensors.temp', fromBeginning: true });
  const consumed: { key: string | undefined; value: string | undefined }[] = [];
  await consumer.run({
    eachMessage: async ({ message }) => {
      consumed.push({ key: message.key?.toString(), value: message.value?.toString() });
    },
  });
  try {
    await runShellSnippet(
      `mosquitto_pub -h localhost -p ${mqttPort} -u token -P '${token}' -q 1 -r -t 'sensors/temp' -m '21.5'`,
    );
    await expect
      .poll(() => consumed.find((record) => record.value === '21.5'), { timeout: 30_000 })
      .toEqual({ key: 'sensors/temp', value: '21.5' });
  } finally {
    await consumer.disconnect();
  }
  await page.goto(`/service/${serviceId}/topics/sensors/temp`);
  await expect(page.getByTestId('topic-value')).toContainText('21.5');

  // Back on the adapter: the publisher counted what it produced. Disable and enable, each after the server answered.
  await page.goto(adapterUrl);
  await expect(cluster.getByText(/\d+ produced · 0 failed/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  // A record produced while the adapter is off waits in Kafka: its group's offset stayed where it stopped.
  const lateProducer = kafkaClient().producer();
  await lateProducer.connect();
  try {
    await lateProducer.send({
      topic: 'prices',
      messages: [{ key: 'EURUSD', value: '{"bid":1.0901}' }],
    });
  } finally {
    await lateProducer.disconnect();
  }
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
  await expect(page.getByText('Connected to Kafka')).toBeVisible({ timeout: 60_000 });

  // The list with its summary and live state.
  await page.getByRole('link', { name: 'All Kafka adapters' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Market data' });
  await expect(row).toContainText('1 cluster · 1 publisher · 1 subscriber');
  await expect(row).toContainText('Connected to Kafka');
  await expectAccessible(page);

  // On a phone: the list's rows stack, the adapter's page fits, and the forms open.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/service/${serviceId}/kafka`);
  await expect(row).toContainText('Connected to Kafka');
  await expectNoSideScroll(page, 360);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/kafka-list-360.png', fullPage: true });
  await page.goto(adapterUrl);
  await expect(page.getByText('Connected to Kafka')).toBeVisible({ timeout: 30_000 });
  await cluster.getByRole('button', { name: 'Sample of "Prices in"' }).click();
  // Enabled again, the adapter resumed where it stopped: the record produced while it was off arrives.
  await expect(sample.getByText('{"bid":1.0901}').first()).toBeVisible({ timeout: 30_000 });
  await expectNoSideScroll(page, 360);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/kafka-adapter-360.png', fullPage: true });
  await cluster.getByRole('button', { name: 'Edit cluster' }).click();
  const editCluster = page.getByRole('dialog', { name: 'Edit cluster "Local Kafka"' });
  await expect(editCluster.getByRole('textbox', { name: 'Broker addresses' })).toHaveValue(
    kafka.brokers.join(', '),
  );
  await expectAccessible(page);
  await editCluster.getByRole('button', { name: 'Cancel' }).click();

  // Delete, after confirming: back to the empty list.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Delete adapter' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the adapter "Market data"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(`/service/${serviceId}/kafka`);
  await expect(page.getByText(/^No Kafka adapters yet/)).toBeVisible();
});
