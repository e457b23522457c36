import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import { silentLogger } from './log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { connectClient, nextMessage } from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from '../testing/test-keys';

/**
 * Issue 27 / spec section 9: the free trial caps what its Kafka adapters cost at FREE_TRIAL_ADAPTER_MESSAGE_LIMIT,
 * so the runtime bills an adapter session's messages twice over: into the service's total, and into the adapter's.
 */
let keys: TestKeys;
let runtime: RunningRuntime;
let url: string;
let adminToken: string;
const clients: MqttClient[] = [];

async function connect(password: string): Promise<MqttClient> {
  const client = await connectClient(url, { username: 'token', password });
  clients.push(client);
  return client;
}

async function metric(name: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}/metrics`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const match = new RegExp(`^${name}\\{service="test-service"\\} (\\d+)$`, 'm').exec(
    await response.text(),
  );
  if (!match) throw new Error(`${name} is not exported`);
  return Number(match[1]);
}

async function billed() {
  return {
    service: await metric('herald_billed_messages_total'),
    adapter: await metric('herald_adapter_billed_messages_total'),
  };
}

beforeAll(async () => {
  keys = await createTestKeys();
  runtime = await startRuntime(testConfig(keys, await testDataDir()), { logger: silentLogger });
  url = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  adminToken = await keys.serviceToken();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

describe('billed messages of adapter sessions', () => {
  it('counts what an adapter publishes and is delivered apart, and still in the service total', async () => {
    const device = await connect(adminToken);
    const adapter = await connect(await keys.serviceToken({ scope: SERVICE_TOKEN_SCOPES.adapter }));
    await adapter.subscribeAsync('plant/in', { qos: 1 });
    await device.subscribeAsync('plant/out', { qos: 1 });
    expect(await billed()).toEqual({ service: 0, adapter: 0 });

    // A device publishes twice, the adapter (a Kafka publisher) is delivered each: 4 billed, 2 of them the adapter's.
    for (let index = 0; index < 2; index += 1) {
      const received = nextMessage(adapter, 'plant/in');
      await device.publishAsync('plant/in', `${index}`, { qos: 1 });
      await received;
    }
    expect(await billed()).toEqual({ service: 4, adapter: 2 });

    // The adapter (a Kafka subscriber) publishes three records, the device is delivered each: 6 more, 3 the adapter's.
    for (let index = 0; index < 3; index += 1) {
      const received = nextMessage(device, 'plant/out');
      await adapter.publishAsync('plant/out', `${index}`, { qos: 1 });
      await received;
    }
    expect(await billed()).toEqual({ service: 10, adapter: 5 });

    // Two ordinary sessions between themselves: the service's usage only.
    const other = await connect(adminToken);
    const received = nextMessage(device, 'plant/out');
    await other.publishAsync('plant/out', 'x', { qos: 1 });
    await received;
    expect(await billed()).toEqual({ service: 12, adapter: 5 });
  });
});
