import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../observability/log';
import { startRuntime, type RunningRuntime } from '../runtime';
import { closed, connectClient, encodeRemainingLength, nextMessage } from '../testing/mqtt-helpers';
import { createTestKeys, testConfig, testDataDir, type TestKeys } from '../testing/test-keys';

// A small limit keeps the test cheap; the mechanism is the same at the default 1 MiB.
const MAX_MESSAGE_BYTES = 1024;

let keys: TestKeys;
let runtime: RunningRuntime;
let tcpUrl: string;
let wsUrl: string;
let token: string;
const clients: MqttClient[] = [];

async function connect(url: string): Promise<MqttClient> {
  const client = await connectClient(url, { username: 'token', password: token });
  clients.push(client);
  return client;
}

async function topicStatus(path: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}/admin/topics/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

beforeAll(async () => {
  keys = await createTestKeys();
  runtime = await startRuntime(
    testConfig(keys, await testDataDir(), { maxMessageBytes: MAX_MESSAGE_BYTES }),
    { logger: silentLogger },
  );
  tcpUrl = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  wsUrl = `ws://127.0.0.1:${runtime.httpPort}/mqtt`;
  token = await keys.serviceToken();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await runtime.close();
});

describe('message size limit', () => {
  it('takes a message of exactly the limit and delivers it', async () => {
    const subscriber = await connect(tcpUrl);
    await subscriber.subscribeAsync('size/#', { qos: 1 });
    const publisher = await connect(tcpUrl);
    const received = nextMessage(subscriber, 'size/fits');
    await publisher.publishAsync('size/fits', 'x'.repeat(MAX_MESSAGE_BYTES), { qos: 1 });
    expect((await received).payload).toHaveLength(MAX_MESSAGE_BYTES);
    expect(await topicStatus('size/fits')).toBe(200);
  });

  it('refuses a message one byte over the limit by closing the connection, storing nothing', async () => {
    const publisher = await connect(tcpUrl);
    const gone = closed(publisher);
    publisher.publish('size/over', 'x'.repeat(MAX_MESSAGE_BYTES + 1), { qos: 1 });
    await gone;
    expect(await topicStatus('size/over')).toBe(404);
  });

  it('drops a TCP connection at the header of a huge packet, before its body arrives', async () => {
    const publisher = await connect(tcpUrl);
    const gone = closed(publisher);
    // A PUBLISH announcing 200 MB, of which only the fixed header is ever sent.
    (publisher.stream as unknown as NodeJS.WritableStream).write(
      Buffer.from([0x30, ...encodeRemainingLength(200_000_000)]),
    );
    await gone;
    // The runtime is unharmed: a new session publishes at once.
    const next = await connect(tcpUrl);
    await next.publishAsync('size/after', 'ok', { qos: 1 });
    expect(await topicStatus('size/after')).toBe(200);
  });

  it('drops a WebSocket connection that sends a packet far over the limit', async () => {
    const publisher = await connect(wsUrl);
    const gone = closed(publisher);
    publisher.publish('size/ws', 'x'.repeat(200_000), { qos: 1 });
    await gone;
    expect(await topicStatus('size/ws')).toBe(404);
  });
});
