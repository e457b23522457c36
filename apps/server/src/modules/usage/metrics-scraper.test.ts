import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import type { UsageItem } from '@herald/contract/usage/usage.schema';
import type { TokenSigner } from '../service-api/tokens';
import { callAs } from '../../testing/test-workspaces';
import { dashboardTokenOf, useRunningService } from '../topics/testing/running-service';
import { createMetricsScraper, type MetricsScraper } from './metrics-scraper';

/**
 * The scraper against a real runtime (a detached runtime process, as in production): messages published by real
 * MQTT clients reach the usage API as billed messages, exactly.
 */
describe('the usage scraper', () => {
  const service = useRunningService('metering');
  const clients: MqttClient[] = [];
  let signed = 0;
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
  });

  /** A scraper of the test's own (the app's runs every 15 s; this one runs when the test says). */
  function scraper(): MetricsScraper {
    const { app } = service;
    const tokens: Pick<TokenSigner, 'signServiceToken'> = {
      signServiceToken: (input) => {
        signed += 1;
        return app.tokens.signServiceToken(input);
      },
    };
    return createMetricsScraper({
      db: app.db,
      provisioner: app.provisioner,
      tokens,
      store: app.metricsStore,
      intervalSeconds: 3600,
      clock: app.clock,
      logger: app.log,
    });
  }

  async function connect(): Promise<MqttClient> {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${service.row.mqttPort}`, {
      protocolVersion: 4,
      username: 'token',
      password: await dashboardTokenOf(service.app, service.team.admin),
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  }

  async function usage(queryType: string, metrics: string): Promise<UsageItem[]> {
    const now = Math.floor(Date.now() / 1000);
    const response = await callAs(
      service.app,
      service.team.user,
      'GET',
      `/v3/service/${service.row.id}/usage?queryType=${queryType}&from=${now - 3600}&to=${now + 3600}&metrics=${metrics}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as UsageItem[];
  }

  it('bills each message published, then each delivered to a subscriber too', async () => {
    const scrapes = scraper();
    try {
      await scrapes.scrapeAll();
      expect(await usage('sum', 'billed_messages_total,bytes_total')).toEqual([
        { metricType: 'herald_billed_messages_total_sum', value: 0 },
        { metricType: 'herald_bytes_total_sum', value: 0 },
      ]);

      const publisher = await connect();
      const published = 7;
      for (let index = 0; index < published; index += 1) {
        await publisher.publishAsync('meter/reading', `value-${index}`, { qos: 1 });
      }
      await scrapes.scrapeAll();
      // Nobody subscribed: the publishes alone. 'value-N' is 7 bytes.
      expect(await usage('sum', 'billed_messages_total,bytes_total')).toEqual([
        { metricType: 'herald_billed_messages_total_sum', value: published },
        { metricType: 'herald_bytes_total_sum', value: published * 7 },
      ]);

      const subscriber = await connect();
      let deliveries = 0;
      const received = new Promise<void>((resolve) => {
        subscriber.on('message', () => {
          deliveries += 1;
          if (deliveries === 4) resolve();
        });
      });
      // The current value arrives as a retained message on subscribing: one delivery.
      await subscriber.subscribeAsync('meter/#', { qos: 1 });
      const more = 3;
      for (let index = 0; index < more; index += 1) {
        await publisher.publishAsync('meter/reading', `later-${index}`, { qos: 1 });
      }
      await received;
      await scrapes.scrapeAll();
      const [billed, bytes] = await usage('sum', 'billed_messages_total,bytes_total');
      expect(billed).toEqual({
        metricType: 'herald_billed_messages_total_sum',
        value: published + 1 + more * 2,
      });
      expect(bytes).toEqual({
        metricType: 'herald_bytes_total_sum',
        value: published * 7 + 7 + more * 2 * 7,
      });
      expect(await usage('peak', 'sessions,topics')).toEqual([
        { metricType: 'herald_sessions_peak', value: 2 },
        { metricType: 'herald_topics_peak', value: 1 },
      ]);

      // Scraping again without traffic adds nothing.
      await scrapes.scrapeAll();
      expect((await usage('sum', 'billed_messages_total'))[0]?.value).toBe(
        published + 1 + more * 2,
      );
      // One token signed for the service, reused by every scrape.
      expect(signed).toBe(1);
    } finally {
      await scrapes.close();
    }
  });

  it("bills an adapter's messages to the service and apart as the adapter's (the trial's adapter cap)", async () => {
    const { app, row } = service;
    const scrapes = scraper();
    try {
      await scrapes.scrapeAll();
      const figures = async () => {
        const [billed, adapters] = await usage(
          'sum',
          'billed_messages_total,adapter_billed_messages_total',
        );
        return { billed: billed?.value ?? NaN, adapters: adapters?.value ?? NaN };
      };
      const before = await figures();
      // The credential the control plane gives an adapter process (adapter-kind.ts).
      const { token } = await app.tokens.signServiceToken({
        serviceId: row.id,
        subject: 'kafka-adapter:metering-test',
        scope: SERVICE_TOKEN_SCOPES.adapter,
        credentialVersion: row.credentialVersion,
      });
      const adapter = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
        protocolVersion: 4,
        username: 'kafka-adapter:metering-test',
        password: token,
        reconnectPeriod: 0,
      });
      clients.push(adapter);
      await adapter.subscribeAsync('plant/#', { qos: 1 });
      // Kafka → service: five records published by the adapter, nobody else subscribed to them.
      for (let index = 0; index < 5; index += 1) {
        await adapter.publishAsync('plant/from-kafka', `k${index}`, { qos: 1 });
      }
      // Service → Kafka: a device publishes twice, the adapter is delivered each (its own five came back too).
      const device = await connect();
      let delivered = 0;
      const twoFromDevice = new Promise<void>((resolve) => {
        adapter.on('message', (topic) => {
          if (topic !== 'plant/to-kafka') return;
          delivered += 1;
          if (delivered === 2) resolve();
        });
      });
      await device.publishAsync('plant/to-kafka', 'd0', { qos: 1 });
      await device.publishAsync('plant/to-kafka', 'd1', { qos: 1 });
      await twoFromDevice;
      await scrapes.scrapeAll();
      const after = await figures();
      // The adapter's publishes are delivered back to its own plant/# subscription: 5 + 5 + 2 deliveries to it.
      expect(after.adapters - before.adapters).toBe(5 + 5 + 2);
      // The service's total holds them, and the device's two publishes.
      expect(after.billed - before.billed).toBe(5 + 5 + 2 + 2);
    } finally {
      await scrapes.close();
    }
  });

  it('skips a service whose scrape is still under way, and never throws out of a round', async () => {
    const { app, row } = service;
    let calls = 0;
    let release = () => {};
    const slow = createMetricsScraper({
      db: app.db,
      provisioner: app.provisioner,
      tokens: {
        signServiceToken: async (input) => {
          calls += 1;
          await new Promise<void>((resolve) => (release = resolve));
          return app.tokens.signServiceToken(input);
        },
      },
      store: app.metricsStore,
      intervalSeconds: 3600,
      clock: app.clock,
      logger: app.log,
    });
    const first = slow.scrapeAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first scrape of the service is still waiting: the second round does not start another.
    await slow.scrapeAll();
    expect(calls).toBe(1);
    release();
    await first;
    expect(app.provisioner.endpointOf(row.id)).not.toBeNull();
    await slow.close();
  });
});
