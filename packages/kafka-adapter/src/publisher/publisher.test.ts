import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KafkaJSNonRetriableError, KafkaJSProtocolError, type Producer } from 'kafkajs';
import avro from 'avsc';
import { decodeWireFormat } from '../converters/confluent-wire-format';
import { startFakeSchemaRegistry } from '../testing/fake-schema-registry';
import { PublisherSettingsError, type PublisherHandle } from './publisher';
import {
  collectRecords,
  publisherSettings,
  recordingLogger,
  startPublisherPeers,
  startTestPublisher,
  type PublisherPeers,
} from './testing/publisher-harness';
import { trackTimers } from './testing/timer-tracker';

/**
 * The publisher against its real peers: librdkafka's mock cluster and the built runtime (one of each for the file).
 * Each test uses topics of its own, so a retained value of one test never reaches another's publisher.
 */
const VALUE_TYPES = ['STRING', 'JSON', 'INTEGER', 'LONG', 'DOUBLE', 'BYTE_ARRAY'] as const;
const KAFKA_TOPICS = [
  'plant.a.temp',
  'plant.b.temp',
  'plant.a.humidity',
  'other.temp',
  ...VALUE_TYPES.map((type) => `types.${type}`),
  'quotes.csv',
  'outage.feed',
  'bounded.count',
  'bounded.bytes',
  'quiet.feed',
  'refuse.feed',
  'shared.feed',
  'shared.copy',
  'late.feed',
  'quotes.avro',
];

let peers: PublisherPeers;
beforeAll(async () => {
  peers = await startPublisherPeers(KAFKA_TOPICS);
}, 120_000);
afterAll(async () => {
  await peers?.stop();
});

const publish = (topic: string, payload: string | Buffer) =>
  peers.device.publishAsync(topic, payload, { qos: 1 });

/** Waits, as a person watching the adapter's figures would, until the publisher shows what is expected. */
const untilStats = (
  handle: PublisherHandle,
  expected: (stats: ReturnType<PublisherHandle['stats']>) => boolean,
  timeout = 20_000,
) =>
  vi.waitFor(
    () => {
      const stats = handle.stats();
      if (!expected(stats)) throw new Error(`not yet: ${JSON.stringify(stats)}`);
      return stats;
    },
    { timeout, interval: 50 },
  );

// A consumer group's first join takes a few seconds against the mock: the tests that read Kafka get 30 s.
describe('a Kafka publisher', { timeout: 30_000 }, () => {
  it('leaves no timer behind when stopped, even in the middle of a backoff', async () => {
    // The publisher's own timers and its Kafka client's.
    const timers = trackTimers(/kafkajs|src\/publisher\/(?!testing\/)[^/]+(?<!\.test)\.ts:/);
    const log = recordingLogger();
    const handle = await startTestPublisher(peers, publisherSettings({ selector: '>quiet/feed' }), {
      log,
    });
    await publish('quiet/feed', 'one');
    await untilStats(handle, (stats) => stats.produced === 1);
    await peers.kafka.brokerDown(1);
    await publish('quiet/feed', 'two');
    await vi.waitFor(() => {
      if (!log.lines.some((line) => /cannot reach/.test(line.msg))) throw new Error('not yet');
    });
    await handle.stop();
    await peers.kafka.brokerUp(1);
    expect(handle.stats()).toMatchObject({ produced: 1, failed: 1, buffered: 0 });
    // A timer's destroy hook runs once the event loop has let it go.
    await vi.waitFor(() => expect(timers.alive()).toEqual([]));
    timers.stop();
  });

  it('produces the values of the topics its selector selects, keyed by their paths, and no others', async () => {
    const handle = await startTestPublisher(
      peers,
      publisherSettings({ selector: '?plant/.*/temp' }),
    );
    const reader = await collectRecords(peers.kafka.brokers, [
      'plant.a.temp',
      'plant.b.temp',
      'plant.a.humidity',
      'other.temp',
    ]);
    // The ones not selected first: once the selected ones are delivered, nothing else was buffered.
    await publish('plant/a/humidity', '55');
    await publish('other/temp', '1');
    await publish('plant/a/temp', '21.5');
    await publish('plant/b/temp', '19');
    const records = await reader.waitFor(2);
    expect(records.map(({ topic, key, value }) => [topic, key, value.toString()]).sort()).toEqual([
      ['plant.a.temp', 'plant/a/temp', '21.5'],
      ['plant.b.temp', 'plant/b/temp', '19'],
    ]);
    expect(handle.stats()).toMatchObject({ produced: 2, failed: 0, buffered: 0 });
    await reader.stop();
    await handle.stop();
  });

  it('keeps a filter another publisher of the same connection still needs when one stops', async () => {
    const first = await startTestPublisher(
      peers,
      publisherSettings({ id: 'shared-1', selector: '>shared/feed' }),
    );
    const second = await startTestPublisher(
      peers,
      publisherSettings({
        id: 'shared-2',
        selector: '>shared/feed',
        kafkaTopicPattern: 'shared.copy',
      }),
    );
    await publish('shared/feed', 'one');
    await untilStats(first, (stats) => stats.produced === 1);
    await untilStats(second, (stats) => stats.produced === 1);
    await first.stop();
    await publish('shared/feed', 'two');
    await untilStats(second, (stats) => stats.produced === 2);
    expect(first.stats().produced).toBe(1);
    await second.stop();
  });

  it.each<[string, Parameters<typeof publisherSettings>[0], Record<string, unknown>, RegExp]>([
    [
      'a selector that does not parse',
      { selector: '?a/(' },
      {},
      /Publisher "test publisher": Invalid regular expression/,
    ],
    [
      'an Avro converter without a schema registry',
      {
        selector: '>a',
        payloadConverters: [
          { name: '$JSON_to_Avro', parameters: {}, payloadConverterSchema: { type: 'string' } },
        ],
      },
      {},
      /needs a schema registry: set schema.registry.url/,
    ],
    [
      'GSSAPI',
      { selector: '>a' },
      { authentication: { securityProtocol: 'sasl_plaintext', saslMechanism: 'GSSAPI' } },
      /GSSAPI \(Kerberos\) is not supported/,
    ],
  ])('refuses to start with %s, in words', async (_, settings, clusterChanges, reason) => {
    const cluster = {
      id: 'cluster-1',
      label: 'test cluster',
      kafkaBrokerAddresses: [...peers.kafka.brokers],
      authentication: { securityProtocol: 'plaintext' as const },
      ...clusterChanges,
    };
    const started = startTestPublisher(peers, publisherSettings(settings), { cluster });
    await expect(started).rejects.toBeInstanceOf(PublisherSettingsError);
    await expect(started).rejects.toThrow(reason);
  });

  it('starts while Kafka is away and sends what it kept once Kafka answers', async () => {
    await peers.kafka.brokerDown(1);
    const handle = await startTestPublisher(peers, publisherSettings({ selector: '>late/feed' }));
    await publish('late/feed', 'kept');
    await untilStats(handle, (stats) => stats.buffered === 1);
    await peers.kafka.brokerUp(1);
    await untilStats(handle, (stats) => stats.produced === 1 && stats.buffered === 0);
    const reader = await collectRecords(peers.kafka.brokers, ['late.feed']);
    const [record] = await reader.waitFor(1);
    expect(record?.value.toString()).toBe('kept');
    await reader.stop();
    await handle.stop();
  });

  it('writes each value type as Kafka serialisers do, with a fixed key, publishers sharing one connection', async () => {
    const handles = await Promise.all(
      VALUE_TYPES.map((valueType) =>
        startTestPublisher(
          peers,
          publisherSettings({
            id: `types-${valueType}`,
            selector: `>types/${valueType}`,
            valueType,
            keyValue: 'fixed-key',
          }),
        ),
      ),
    );
    const reader = await collectRecords(
      peers.kafka.brokers,
      VALUE_TYPES.map((type) => `types.${type}`),
    );
    const inputs: Record<(typeof VALUE_TYPES)[number], string | Buffer> = {
      STRING: 'héllo',
      JSON: '{"bid":1.5}',
      INTEGER: '-42',
      LONG: '9007199254740993',
      DOUBLE: '2.5',
      BYTE_ARRAY: Buffer.from([0, 0xff, 7]),
    };
    for (const type of VALUE_TYPES) await publish(`types/${type}`, inputs[type]);
    const records = await reader.waitFor(VALUE_TYPES.length);
    const valueOf = (type: string) => records.find((record) => record.topic === `types.${type}`);
    expect(records.every((record) => record.key === 'fixed-key')).toBe(true);
    expect(valueOf('STRING')?.value.toString()).toBe('héllo');
    expect(valueOf('JSON')?.value.toString()).toBe('{"bid":1.5}');
    expect(valueOf('INTEGER')?.value.readInt32BE(0)).toBe(-42);
    expect(valueOf('LONG')?.value.readBigInt64BE(0)).toBe(9007199254740993n);
    expect(valueOf('DOUBLE')?.value.readDoubleBE(0)).toBe(2.5);
    expect(valueOf('BYTE_ARRAY')?.value).toEqual(Buffer.from([0, 0xff, 7]));
    await reader.stop();
    await Promise.all(handles.map((handle) => handle.stop()));
  });

  it('runs the converter chain: CSV with headers to JSON', async () => {
    const handle = await startTestPublisher(
      peers,
      publisherSettings({
        selector: '>quotes/csv',
        valueType: 'JSON',
        payloadConverters: [{ name: '$CSV_to_JSON', parameters: { headers: ['bid', 'ask'] } }],
      }),
    );
    const reader = await collectRecords(peers.kafka.brokers, ['quotes.csv']);
    await publish('quotes/csv', '1.10,1.12');
    const [record] = await reader.waitFor(1);
    expect(JSON.parse(record?.value.toString() ?? '')).toEqual({ bid: '1.10', ask: '1.12' });
    await reader.stop();
    await handle.stop();
  });

  it('gives up only the records Kafka refuses, and the values behind them still go', async () => {
    // The mock refuses nothing, so a broker refusing a record is injected as kafkajs reports it: a protocol error
    // the client does not retry, wrapped by its retrier.
    const refuseMarked = (producer: Producer): Producer => ({
      ...producer,
      sendBatch: async (batch) => {
        const marked = batch.topicMessages?.some((topic) =>
          topic.messages.some((message) => String(message.value).startsWith('TOO-LARGE')),
        );
        if (!marked) return producer.sendBatch(batch);
        const cause = new KafkaJSProtocolError({
          type: 'MESSAGE_TOO_LARGE',
          code: 10,
          retriable: false,
          message:
            'The request included a message larger than the max message size the server will accept',
        } as never);
        throw Reflect.construct(KafkaJSNonRetriableError, [cause, { cause }]) as Error;
      },
    });
    const log = recordingLogger();
    const handle = await startTestPublisher(
      peers,
      publisherSettings({ selector: '>refuse/feed' }),
      {
        log,
        wrapProducer: refuseMarked,
      },
    );
    const reader = await collectRecords(peers.kafka.brokers, ['refuse.feed']);
    await Promise.all([
      publish('refuse/feed', 'a'),
      publish('refuse/feed', 'TOO-LARGE'),
      publish('refuse/feed', 'b'),
    ]);
    await untilStats(handle, (stats) => stats.produced === 2 && stats.failed === 1);
    const records = await reader.waitFor(2);
    expect(records.map((record) => record.value.toString())).toEqual(['a', 'b']);
    expect(
      log.lines.filter((line) =>
        /Kafka cluster "test cluster" refused a value for Kafka topic "refuse.feed" \(MESSAGE_TOO_LARGE/.test(
          line.msg,
        ),
      ),
    ).toHaveLength(1);
    await reader.stop();
    await handle.stop();
  });

  it("encodes Avro through the cluster's schema registry: Confluent wire format with the registered id", async () => {
    const registry = await startFakeSchemaRegistry();
    const priceSchema = {
      type: 'record',
      name: 'Price',
      fields: [
        { name: 'bid', type: 'double' },
        { name: 'ask', type: 'double' },
      ],
    };
    const handle = await startTestPublisher(
      peers,
      publisherSettings({
        selector: '>quotes/avro',
        valueType: 'BYTE_ARRAY',
        payloadConverters: [
          { name: '$JSON_to_Avro', parameters: {}, payloadConverterSchema: priceSchema },
        ],
      }),
      {
        cluster: {
          id: 'cluster-1',
          label: 'test cluster',
          kafkaBrokerAddresses: [...peers.kafka.brokers],
          authentication: { securityProtocol: 'plaintext' },
          configuration: { 'schema.registry.url': registry.url },
        },
      },
    );
    const reader = await collectRecords(peers.kafka.brokers, ['quotes.avro']);
    await publish('quotes/avro', '{"bid":1.5,"ask":1.625}');
    const [record] = await reader.waitFor(1);
    const { schemaId, body } = decodeWireFormat(record?.value ?? Buffer.alloc(0));
    expect(registry.requests).toContain('POST /subjects/quotes.avro-value/versions');
    expect(schemaId).toBe(1);
    expect(avro.Type.forSchema(priceSchema as avro.Schema).fromBuffer(body)).toMatchObject({
      bid: 1.5,
      ask: 1.625,
    });
    await reader.stop();
    await handle.stop();
    await registry.close();
  });

  it('keeps what is published while the broker is down for 10 s and delivers all of it after', async () => {
    const log = recordingLogger();
    const handle = await startTestPublisher(
      peers,
      publisherSettings({ selector: '>outage/feed' }),
      { log },
    );
    await publish('outage/feed', 'before');
    await untilStats(handle, (stats) => stats.produced === 1);

    const downAt = Date.now();
    await peers.kafka.brokerDown(1);
    // 2,000 values spread over the outage: 200 at a time, a second apart (the scenario's own clock).
    for (let chunk = 0; chunk < 10; chunk += 1) {
      await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          publish('outage/feed', String(chunk * 200 + index)),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, downAt + (chunk + 1) * 1000 - Date.now()));
    }
    const during = await untilStats(handle, (stats) => stats.buffered === 2000);
    expect(during).toMatchObject({ produced: 1, failed: 0 });
    expect(
      log.lines.filter((line) => /cannot reach Kafka cluster "test cluster"/.test(line.msg)),
    ).toHaveLength(1);

    await peers.kafka.brokerUp(1);
    await untilStats(handle, (stats) => stats.produced >= 2001 && stats.buffered === 0, 30_000);
    const reader = await collectRecords(peers.kafka.brokers, ['outage.feed']);
    const produced = handle.stats().produced;
    const records = await reader.waitFor(produced);
    const values = records
      .map((record) => record.value.toString())
      .filter((value) => value !== 'before');
    const distinct = new Set(values);
    expect(distinct.size).toBe(2000);
    // Order of first arrival is the order published (one batch in flight at a time).
    const firsts = [...distinct].map(Number);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    console.info(
      `broker down 10 s during 2,000 values: ${values.length - distinct.size} duplicates, ${handle.stats().failed} failed`,
    );
    expect(
      log.lines.some((line) => /reaches Kafka cluster "test cluster" again/.test(line.msg)),
    ).toBe(true);
    await reader.stop();
    await handle.stop();
  }, 60_000);

  it('holds its bounds while the broker is away: the oldest values are dropped, counted and logged once', async () => {
    const countLog = recordingLogger();
    const byCount = await startTestPublisher(
      peers,
      publisherSettings({ id: 'bounded-count', selector: '>bounded/count' }),
      { log: countLog, buffer: { maxRecords: 100, maxBytes: 1024 * 1024 } },
    );
    const bytesBound = 64 * 1024;
    const byBytes = await startTestPublisher(
      peers,
      publisherSettings({ id: 'bounded-bytes', selector: '>bounded/bytes' }),
      { buffer: { maxRecords: 100_000, maxBytes: bytesBound } },
    );
    await peers.kafka.brokerDown(1);
    const kilobyte = 'x'.repeat(1000);
    for (let n = 0; n < 500; n += 1) {
      await Promise.all([
        publish('bounded/count', String(n)),
        publish('bounded/bytes', `${n}:${kilobyte}`),
      ]);
    }
    const count = await untilStats(byCount, (stats) => stats.failed + stats.buffered === 500);
    expect(count.buffered).toBe(100);
    expect(count.failed).toBe(400);
    const bytes = await untilStats(byBytes, (stats) => stats.failed + stats.buffered === 500);
    expect(bytes.bufferedBytes).toBeLessThanOrEqual(bytesBound);
    expect(bytes.failed).toBeGreaterThan(400);
    expect(countLog.lines.filter((line) => /buffer is full/.test(line.msg))).toHaveLength(1);

    await peers.kafka.brokerUp(1);
    await untilStats(byCount, (stats) => stats.buffered === 0 && stats.produced >= 100, 30_000);
    const reader = await collectRecords(peers.kafka.brokers, ['bounded.count']);
    const records = await reader.waitFor(byCount.stats().produced);
    const values = new Set(records.map((record) => record.value.toString()));
    // The newest survive; the oldest were dropped (at most the first batch was already in flight).
    expect(values.has('499')).toBe(true);
    expect(values.has('250')).toBe(false);
    expect(
      countLog.lines.some((line) => /values were dropped while its buffer was full/.test(line.msg)),
    ).toBe(true);
    await reader.stop();
    await Promise.all([byCount.stop(), byBytes.stop()]);
  }, 60_000);
});
