import { Kafka, type Producer } from 'kafkajs';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startKafkaMock, type KafkaMock } from '@herald/kafka-mock/start-kafka-mock';
import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
import { connectClient } from '@herald/runtime/testing/mqtt-helpers';
import { killSpawnedRuntimes } from '@herald/runtime/testing/spawn-runtime';
import {
  killSpawnedAdapters,
  spawnAdapter,
  testAdapterConfig,
  testSubscriber,
} from '../testing/spawn-adapter';
import {
  createTestSigner,
  startTestRuntime,
  type TestRuntime,
  type TestSigner,
} from '../testing/test-runtime';

/**
 * The adapter process against a real runtime and the test peer (issue 27 items 1, 3, 9): records produced to Kafka
 * become values of our topics that an MQTT subscriber receives, with the key and value types and a converter chain;
 * the process's endpoints; two processes splitting a group's partitions. One mock and one runtime for the file.
 */
let mock: KafkaMock;
let runtime: TestRuntime;
let signer: TestSigner;
let producer: Producer;
let reader: MqttClient;
let readerToken: string;
const received: { topic: string; payload: string }[] = [];

beforeAll(async () => {
  signer = await createTestSigner();
  [mock, runtime] = await Promise.all([
    startKafkaMock({
      topics: [
        { name: 'orders', partitions: 2 },
        'readings',
        'temps',
        { name: 'shared', partitions: 4 },
        'fleet.truck',
        'fleet.van',
      ],
    }),
    startTestRuntime(signer),
  ]);
  producer = new Kafka({
    clientId: 'test-producer',
    brokers: [...mock.brokers],
    logLevel: 0,
  }).producer();
  await producer.connect();
  readerToken = await signer.token('test-reader');
  reader = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
    username: 'token',
    password: readerToken,
  });
  reader.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
  await reader.subscribeAsync('#', { qos: 1 });
}, 120_000);

afterEach(() => killSpawnedAdapters());

afterAll(async () => {
  reader?.end(true);
  await producer?.disconnect();
  await runtime?.stop();
  await mock?.stop();
  killSpawnedRuntimes();
});

const payloadsOf = (prefix: string) =>
  received
    .filter(({ topic }) => topic.startsWith(prefix))
    .map(({ topic, payload }) => `${topic} ${payload}`);

describe('the Kafka adapter process', () => {
  it('writes records to the topics of the pattern, created with the subscriber properties, and they reach MQTT subscribers', async () => {
    const subscriber = testSubscriber({
      kafkaTopics: ['orders'],
      consumerGroupId: 'flow-orders',
      valueType: 'JSON',
      heraldTopicPattern: 'kafka/${topic}/${key}',
      createTopicHierarchy: true,
      topicProperties: {
        persistencePolicy: 'NONE',
        timeSeries: false,
        timeSeriesRetainedRange: null,
        timeSeriesSubscriptionRange: null,
        publishesValueOnly: true,
        doNotRetainValue: false,
      },
    });
    // A publisher that cannot start (its cluster is not in the adapter) is logged and shown; the subscriber goes on.
    const orphan: KafkaPublisher = {
      id: 'pub-orphan',
      type: 'PUBLISHING_SERVICE',
      clusterId: 'cluster-gone',
      label: 'Orphan',
      kafkaTopicPattern: '${topic}',
      keyValue: null,
      valueType: 'STRING',
      framework: { heraldTopicSelector: '?orders//', updateTimeoutMs: 0 },
      payloadConverters: [],
    };
    const adapter = await spawnAdapter({
      runtime,
      signer,
      config: testAdapterConfig(mock.brokers, [subscriber, orphan]),
    });
    await producer.send({
      topic: 'orders',
      messages: [
        { key: 'k1', value: '{"n":1}' },
        { key: 'k2', value: '{"n":2,"item":"tea"}' },
      ],
    });

    await vi.waitFor(
      () =>
        expect(payloadsOf('kafka/orders/').sort()).toEqual([
          'kafka/orders/k1 {"n":1}',
          'kafka/orders/k2 {"n":2,"item":"tea"}',
        ]),
      { timeout: 20_000, interval: 100 },
    );

    const topic = await (
      await runtime.admin('/admin/topic?path=kafka%2Forders%2Fk1', readerToken)
    ).json();
    expect(topic).toMatchObject({
      type: 'JSON',
      properties: { PERSISTENT: 'false', PUBLISH_VALUES_ONLY: 'true', DONT_RETAIN_VALUE: 'false' },
      value: { n: 1 },
    });
    // createTopicHierarchy: the parents exist, without a value.
    for (const parent of ['kafka', 'kafka/orders']) {
      const response = await runtime.admin(
        `/admin/topic?path=${encodeURIComponent(parent)}`,
        readerToken,
      );
      expect(response.status, parent).toBe(200);
    }

    // The sample panel: the last records and the topic each became.
    const state = await adapter.state();
    expect(state.clusters).toEqual([{ id: 'cluster-1', connected: true }]);
    expect(state.publishers).toEqual([
      expect.objectContaining({
        id: 'pub-orphan',
        error: 'its cluster "cluster-gone" is not in the adapter',
      }),
    ]);
    expect(adapter.lines.join('\n')).toContain('Publisher \\"Orphan\\" did not start');
    expect(state.subscribers[0]).toMatchObject({
      id: 'sub-1',
      consumed: 2,
      published: 2,
      failed: 0,
      lag: 0,
    });
    expect(
      state.subscribers[0]?.samples.map((s) => [s.kafkaTopic, s.key, s.topicPath, s.value]).sort(),
    ).toEqual([
      ['orders', 'k1', 'kafka/orders/k1', '{"n":1}'],
      ['orders', 'k2', 'kafka/orders/k2', '{"n":2,"item":"tea"}'],
    ]);
  }, 40_000);

  it('reads keys and values by their types through a converter chain, and counts what it cannot write', async () => {
    const csv = testSubscriber({
      id: 'sub-csv',
      label: 'Readings',
      kafkaTopics: ['readings'],
      consumerGroupId: 'flow-readings',
      keyType: 'INTEGER',
      valueType: 'STRING',
      heraldTopicPattern: 'readings/${key}',
      payloadConverters: [{ name: '$CSV_to_JSON', parameters: { headers: ['city', 'temp'] } }],
    });
    const doubles = testSubscriber({
      id: 'sub-double',
      label: 'Temperatures',
      kafkaTopics: ['temps'],
      consumerGroupId: 'flow-temps',
      keyType: 'LONG',
      valueType: 'DOUBLE',
      heraldTopicPattern: 'temps/${topic}/${partition}/${key}',
    });
    const adapter = await spawnAdapter({
      runtime,
      signer,
      config: testAdapterConfig(mock.brokers, [csv, doubles]),
    });
    const int32 = (n: number) => {
      const buffer = Buffer.alloc(4);
      buffer.writeInt32BE(n);
      return buffer;
    };
    const int64 = (n: bigint) => {
      const buffer = Buffer.alloc(8);
      buffer.writeBigInt64BE(n);
      return buffer;
    };
    const double = (n: number) => {
      const buffer = Buffer.alloc(8);
      buffer.writeDoubleBE(n);
      return buffer;
    };
    // A topic someone made INT64 refuses the JSON a reading becomes: tried again (publicationRetries: 1), then
    // counted as failed; the reading after it is still written.
    const created = await runtime.admin('/admin/topic?path=readings%2F8', readerToken, {
      method: 'PUT',
      body: JSON.stringify({ type: 'INT64' }),
    });
    expect(created.status).toBe(201);
    await producer.send({
      topic: 'readings',
      messages: [
        { key: int32(8), value: 'Bern,1' },
        { key: int32(7), value: 'Zürich,3.5' },
      ],
    });
    await producer.send({
      topic: 'temps',
      messages: [
        { key: int64(9_007_199_254_740_993n), value: double(21.25) },
        // Three bytes are no DOUBLE: logged and counted, the next record still goes through.
        { key: int64(2n), value: Buffer.from([1, 2, 3]) },
        { key: int64(3n), value: double(-4) },
      ],
    });

    await vi.waitFor(
      () => {
        expect(payloadsOf('readings/')).toEqual(['readings/7 {"city":"Zürich","temp":"3.5"}']);
        expect(payloadsOf('temps/').sort()).toEqual([
          'temps/temps/0/3 -4',
          'temps/temps/0/9007199254740993 21.25',
        ]);
      },
      { timeout: 20_000, interval: 100 },
    );
    const series = await (
      await runtime.admin('/admin/topic?path=temps%2Ftemps%2F0%2F3', readerToken)
    ).json();
    expect(series).toMatchObject({ type: 'DOUBLE', value: -4 });
    const state = await adapter.state();
    expect(state.subscribers.find((s) => s.id === 'sub-double')).toMatchObject({
      consumed: 3,
      published: 2,
      failed: 1,
    });
    expect(adapter.lines.join('\n')).toContain(
      'Subscriber \\"Temperatures\\" could not write the record at offset 1 of Kafka topic \\"temps\\" partition 0',
    );
    expect(state.subscribers.find((s) => s.id === 'sub-csv')).toMatchObject({
      consumed: 2,
      published: 1,
      failed: 1,
    });
    expect(adapter.lines.join('\n')).toContain(
      'could not write the record at offset 0 of Kafka topic \\"readings\\" partition 0: topic \\"readings/8\\" (INT64) refuses it',
    );
    expect(adapter.lines.join('\n')).toContain('(after 2 attempts)');
  }, 40_000);

  it('serves its endpoints to its own credential only, and stops cleanly on SIGTERM', async () => {
    const subscriber = testSubscriber({
      kafkaTopics: ['fleet\\..*'],
      regexSubscription: true,
      consumerGroupId: 'flow-fleet',
      heraldTopicPattern: 'fleet/${topic}',
    });
    const adapter = await spawnAdapter({
      runtime,
      signer,
      config: testAdapterConfig(mock.brokers, [subscriber]),
    });
    await producer.send({ topic: 'fleet.truck', messages: [{ value: 'on the road' }] });
    await producer.send({ topic: 'fleet.van', messages: [{ value: 'parked' }] });
    await vi.waitFor(
      () =>
        expect(payloadsOf('fleet/').sort()).toEqual([
          'fleet/fleet.truck on the road',
          'fleet/fleet.van parked',
        ]),
      {
        timeout: 20_000,
        interval: 100,
      },
    );

    // A topic created later that matches is found by the periodic metadata check (metadata.max.age.ms).
    await producer.send({ topic: 'fleet.bike', messages: [{ value: 'new topic' }] });
    await vi.waitFor(
      () => expect(payloadsOf('fleet/fleet.bike')).toEqual(['fleet/fleet.bike new topic']),
      {
        timeout: 20_000,
        interval: 100,
      },
    );

    expect(await (await adapter.get('/health', null)).json()).toEqual({ status: 'ok' });
    expect(await (await adapter.get('/identity')).json()).toEqual({
      workloadId: 'svc-kafka-test.kafka-adapter-adapter-1',
      pid: adapter.child.pid,
    });
    // Another subject of the same service, or no token: refused in the error envelope.
    for (const bearer of [readerToken, null, 'not-a-token']) {
      const response = await adapter.get('/identity', bearer);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: expect.stringContaining('Bearer'),
      });
      expect((await adapter.get('/state', bearer)).status).toBe(401);
      expect((await adapter.get('/metrics', bearer)).status).toBe(401);
    }
    const metrics = await (await adapter.get('/metrics')).text();
    expect(metrics).toContain(
      'herald_kafka_subscriber_published_total{adapter="adapter-1",subscriber="sub-1"} 3',
    );
    expect(metrics).toMatch(
      /herald_kafka_adapter_resident_memory_bytes\{adapter="adapter-1"\} \d+/,
    );
    expect(metrics).toContain(
      'herald_kafka_subscriber_lag{adapter="adapter-1",subscriber="sub-1",topic="fleet.van",partition="0"} 0',
    );

    adapter.child.kill('SIGTERM');
    expect(await adapter.exited).toEqual({ code: 0, signal: null });
    expect(adapter.lines.at(-1)).toContain('"msg":"stopped"');

    // The stop committed what was written: the next process of the group reads only what came after.
    const next = await spawnAdapter({
      runtime,
      signer,
      config: testAdapterConfig(mock.brokers, [subscriber]),
    });
    await producer.send({ topic: 'fleet.van', messages: [{ value: 'after the restart' }] });
    await vi.waitFor(
      async () => {
        const state = (await next.state()).subscribers[0];
        expect(state?.samples.map((sample) => sample.value)).toEqual(['after the restart']);
        expect(state?.consumed).toBe(1);
      },
      { timeout: 20_000, interval: 100 },
    );
  }, 60_000);

  it('exits 1 with the reason logged on a bad configuration, never a password', async () => {
    const config = testAdapterConfig(mock.brokers, []);
    const broken = {
      ...config,
      clusters: [
        {
          ...config.clusters[0],
          authentication: { securityProtocol: 'sasl_plain', password: 'hunter2-secret' },
        },
      ],
    };
    const failure = spawnAdapter({ runtime, signer, config: broken as unknown as typeof config });
    await expect(failure).rejects.toThrow(/exited with 1 before ready/);
    await expect(failure).rejects.toThrow(
      /HERALD_KAFKA_ADAPTER_CONFIG: clusters\.0\.authentication\.securityProtocol/,
    );
    await expect(failure).rejects.not.toThrow(/hunter2-secret/);
  }, 20_000);

  it('splits a consumer group between two processes (an HA pair), every record written', async () => {
    const subscriber = testSubscriber({
      kafkaTopics: ['shared'],
      consumerGroupId: 'flow-shared',
      heraldTopicPattern: 'shared/${partition}/${key}',
    });
    const config = testAdapterConfig(mock.brokers, [subscriber], {
      adapterId: 'adapter-ha',
      haEnabled: true,
    });
    const [first, second] = await Promise.all([
      spawnAdapter({ runtime, signer, config: { ...config, member: 1 } }),
      spawnAdapter({ runtime, signer, config: { ...config, member: 2 } }),
    ]);
    // Both members joined before the records come, so each gets a share of the four partitions.
    await vi.waitFor(
      () => {
        for (const adapter of [first, second]) {
          expect(
            adapter.lines.some((line) => line.includes('joined group \\"flow-shared\\"')),
          ).toBe(true);
        }
      },
      { timeout: 20_000, interval: 100 },
    );
    const keys = Array.from({ length: 200 }, (_, n) => `k${n}`);
    await producer.send({ topic: 'shared', messages: keys.map((key) => ({ key, value: key })) });

    await vi.waitFor(
      async () => {
        const values = new Set(
          received.filter(({ topic }) => topic.startsWith('shared/')).map(({ payload }) => payload),
        );
        expect(values.size).toBe(200);
        const [a, b] = await Promise.all([first.state(), second.state()]);
        expect(a.subscribers[0]?.published).toBeGreaterThan(0);
        expect(b.subscribers[0]?.published).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 200 },
    );
  }, 60_000);
});
