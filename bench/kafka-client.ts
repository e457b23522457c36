/**
 * The Kafka clients compared for the adapter (docs/decisions/046), against the test peer (librdkafka's mock cluster,
 * packages/kafka-mock) on loopback:
 *   - produce: `records` records of 1 KB (default 50,000) in sends of 500, acks from all in-sync replicas, without
 *     and with gzip; records per second;
 *   - consume: a consumer of a new group reads them all from the beginning, committing by hand at the end of each
 *     batch (what the adapter does once its runtime has acknowledged); records per second from the first record
 *     to the last (the group join is left out: it is a fixed wait, not a rate);
 *   - a refused connection (a closed loopback port) with the "test connection" settings: time to the error;
 *   - whether the client can talk to the peer at all (a client the peer refuses gets no rates).
 * One round per client, one client at a time; the peer is a process of its own. Figures depend on the load of the
 * machine: print `uptime` beside them.
 * Run: node --import tsx bench/kafka-client.ts [records]
 */
import { performance } from 'node:perf_hooks';
import { Admin as PlatformaticAdmin } from '@platformatic/kafka';
import { CompressionTypes, Kafka, logLevel } from 'kafkajs';
import { startKafkaMock, type KafkaMock } from '@herald/kafka-mock/start-kafka-mock';
import { freePort } from '../apps/server/src/testing/free-port';

const RECORDS = Number(process.argv[2] ?? 50_000);
const SEND_SIZE = 500;
const VALUE = Buffer.alloc(1024, 'x');

interface ClientFigures {
  name: string;
  talksToPeer: string;
  produce?: number;
  produceGzip?: number;
  consume?: number;
  refusedMs: number;
}

function rate(count: number, startedAt: number): number {
  return Math.round(count / ((performance.now() - startedAt) / 1000));
}

async function kafkajsFigures(mock: KafkaMock): Promise<ClientFigures> {
  const kafka = new Kafka({
    clientId: 'bench',
    brokers: [...mock.brokers],
    logLevel: logLevel.NOTHING,
    retry: { retries: 2 },
  });
  const producer = kafka.producer();
  await producer.connect();
  const produce = async (topic: string, compression: CompressionTypes) => {
    const startedAt = performance.now();
    for (let sent = 0; sent < RECORDS; sent += SEND_SIZE) {
      const messages = Array.from({ length: Math.min(SEND_SIZE, RECORDS - sent) }, (_, index) => ({
        key: `k${sent + index}`,
        value: VALUE,
      }));
      await producer.send({ topic, acks: -1, compression, messages });
    }
    return rate(RECORDS, startedAt);
  };
  const plain = await produce('bench', CompressionTypes.None);
  const gzip = await produce('bench-gzip', CompressionTypes.GZIP);
  await producer.disconnect();

  const consumer = kafka.consumer({
    groupId: `bench-${Date.now()}`,
    sessionTimeout: 6_000,
    heartbeatInterval: 2_000,
    maxWaitTimeInMs: 100,
    maxBytes: 16 * 1024 * 1024,
  });
  await consumer.connect();
  await consumer.subscribe({ topics: ['bench'], fromBeginning: true });
  let received = 0;
  let firstAt = 0;
  const consume = await new Promise<number>((resolve, reject) => {
    consumer
      .run({
        autoCommit: false,
        eachBatch: async ({ batch, resolveOffset, commitOffsetsIfNecessary }) => {
          if (firstAt === 0) firstAt = performance.now();
          received += batch.messages.length;
          const last = batch.messages.at(-1);
          if (last) resolveOffset(last.offset);
          await commitOffsetsIfNecessary({
            topics: [
              {
                topic: batch.topic,
                partitions: [
                  { partition: batch.partition, offset: String(Number(last?.offset ?? -1) + 1) },
                ],
              },
            ],
          });
          if (received >= RECORDS) resolve(rate(received, firstAt));
        },
      })
      .catch(reject);
  });
  await consumer.disconnect();

  const closed = await freePort();
  const refused = new Kafka({
    clientId: 'bench-refused',
    brokers: [`127.0.0.1:${closed}`],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    retry: { retries: 0 },
  }).admin();
  const refusedAt = performance.now();
  await refused.connect().catch(() => undefined);
  return {
    name: 'kafkajs 2.2.4',
    talksToPeer: 'yes',
    produce: plain,
    produceGzip: gzip,
    consume,
    refusedMs: Math.round(performance.now() - refusedAt),
  };
}

async function platformaticFigures(mock: KafkaMock): Promise<ClientFigures> {
  const probe = new PlatformaticAdmin({
    clientId: 'bench',
    bootstrapBrokers: [...mock.brokers],
    retries: 0,
  });
  let talksToPeer = 'yes';
  try {
    await probe.metadata({ topics: ['bench'] });
  } catch (error) {
    const cause = (error as { errors?: Error[] }).errors?.[0]?.message ?? String(error);
    talksToPeer = `no: ${(error as Error).message} (${cause})`;
  } finally {
    await probe.close();
  }

  const closed = await freePort();
  const refused = new PlatformaticAdmin({
    clientId: 'bench-refused',
    bootstrapBrokers: [`127.0.0.1:${closed}`],
    connectTimeout: 1_000,
    retries: 0,
  });
  const refusedAt = performance.now();
  await refused.metadata({ topics: [] }).catch(() => undefined);
  const refusedMs = Math.round(performance.now() - refusedAt);
  await refused.close();
  // Rates need a peer that speaks its protocol (Kafka 3.5 and later); the mock does not.
  return { name: '@platformatic/kafka 1.35.0', talksToPeer, refusedMs };
}

// The mock keeps at most 5 MB a partition and drops the oldest records past it (librdkafka's rdkafka_mock.c): 16
// partitions hold 80 MB, so every record sent is still there to consume.
const PARTITIONS = 16;
const mock = await startKafkaMock({
  topics: [
    { name: 'bench', partitions: PARTITIONS },
    { name: 'bench-gzip', partitions: PARTITIONS },
  ],
});
const results: ClientFigures[] = [];
try {
  results.push(await kafkajsFigures(mock));
  results.push(await platformaticFigures(mock));
} finally {
  await mock.stop();
}
const show = (value: number | undefined) =>
  value === undefined ? 'n/a' : value.toLocaleString('en');
console.log(
  `${RECORDS.toLocaleString('en')} records of 1 KB over ${PARTITIONS} partitions, sends of ${SEND_SIZE}, acks -1`,
);
for (const figures of results) {
  console.log(`\n${figures.name}`);
  console.log(`  talks to the peer:     ${figures.talksToPeer}`);
  console.log(`  produce msg/s:         ${show(figures.produce)}`);
  console.log(`  produce gzip msg/s:    ${show(figures.produceGzip)}`);
  console.log(`  consume msg/s:         ${show(figures.consume)}`);
  console.log(`  refused connection ms: ${figures.refusedMs}`);
}
