/**
 * The Kafka adapter's subscriber direction (Kafka → service, issue 27 "Benchmark"; docs/decisions/048), on loopback
 * against the test peer (librdkafka's mock cluster) and a real runtime (the built bundle), in one run:
 *   - ceilings: kafkajs's own produce rate (sends of 500, acks -1) and consume rate (a new group, commits by hand)
 *     of `records` records of 1 KB (default 20,000), and the runtime's: a plain MQTT client's QoS 1 rate;
 *   - the adapter process (the built bundle): the same number of 1 KB records already in Kafka, written to our
 *     topics (`bench/{partition}`, QoS 1, durable) and received by an MQTT subscriber: records per second from the
 *     first arrival to the last;
 *   - latency: records produced at half the adapter's rate for `seconds` (default 10), each carrying its send time;
 *     p50/p99 from the produce call to the MQTT subscriber;
 *   - the adapter's resident memory (its /metrics) after each phase, and every 30 s of a long latency phase;
 *   - where the burst's CPU went: the adapter's and the runtime's CPU time (Linux /proc) per record, so a rate below
 *     the aim can be laid at the process that spends it.
 * The subscriber's pollTimeout (the fetch wait) is 100 ms, or BENCH_POLL_MS: the test peer holds a fetch that long when
 * a partition has nothing new, which shows in the latency. BENCH_PROFILE=<dir> writes the adapter's CPU profile there.
 * - the adapter's MQTT → Kafka publisher, in a second adapter process with only a publisher (`>pub//` to Kafka topic
 *   `published`): a device publishes `records` values of 1 KB at QoS 1 (1,000 in flight) to 64 of our topics, and a
 *   kafkajs consumer (fetch wait 10 ms: the bench's reader, not the adapter) counts them in Kafka: records per second
 *   from the first publish to the last arrival; then the same at half that rate for `seconds`, p50/p99 from the
 *   device's publish to the Kafka consumer.
 * Figures depend on the load of the machine: print `uptime` beside them.
 * Run: node --import tsx bench/kafka-adapter.ts [records] [seconds]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Kafka, logLevel } from 'kafkajs';
import type { MqttClient } from 'mqtt';
import { startKafkaMock } from '@herald/kafka-mock/start-kafka-mock';
import { ensureAdapterBundle } from '@herald/kafka-adapter/build/adapter-bundle';
import {
  killSpawnedAdapters,
  spawnAdapter,
  testAdapterConfig,
  testSubscriber,
  type SpawnedAdapter,
} from '@herald/kafka-adapter/testing/spawn-adapter';
import { createTestSigner, startTestRuntime } from '@herald/kafka-adapter/testing/test-runtime';
import { ensureRuntimeBundle, RUNTIME_BUNDLE } from '@herald/runtime/build/runtime-bundle';
import { connectClient } from '@herald/runtime/testing/mqtt-helpers';
import { publisherSettings } from '@herald/kafka-adapter/publisher/testing/publisher-settings';

const RECORDS = Number(process.argv[2] ?? 20_000);
const LATENCY_SECONDS = Number(process.argv[3] ?? 10);
const PARTITIONS = 16;
const SEND_SIZE = 500;
const VALUE = 'x'.repeat(1024);

const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A child process's CPU time (user + system) in ms, from /proc (Linux; NaN elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return NaN;
  }
}

/** The runtime this bench spawned: our child running the runtime's bundle. */
function runtimePid(): number | undefined {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (stat[1] === String(process.pid) && command.includes(RUNTIME_BUNDLE)) return Number(entry);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return undefined;
}

async function rssOf(adapter: SpawnedAdapter): Promise<number> {
  const text = await (await adapter.get('/metrics')).text();
  return Number(/herald_kafka_adapter_resident_memory_bytes\{[^}]*\} (\d+)/.exec(text)?.[1] ?? NaN);
}

await Promise.all([ensureRuntimeBundle(), ensureAdapterBundle()]);
const mock = await startKafkaMock({
  topics: [
    { name: 'ceiling', partitions: PARTITIONS },
    { name: 'bench', partitions: PARTITIONS },
    { name: 'paced', partitions: PARTITIONS },
    { name: 'published', partitions: PARTITIONS },
  ],
});
const signer = await createTestSigner();
const runtime = await startTestRuntime(signer);
const kafka = new Kafka({
  clientId: 'bench',
  brokers: [...mock.brokers],
  logLevel: logLevel.NOTHING,
});
const producer = kafka.producer();
await producer.connect();
let reader: MqttClient | null = null;

async function produceAll(topic: string): Promise<number> {
  const startedAt = performance.now();
  for (let sent = 0; sent < RECORDS; sent += SEND_SIZE) {
    const messages = Array.from({ length: Math.min(SEND_SIZE, RECORDS - sent) }, (_, index) => ({
      key: `k${sent + index}`,
      value: VALUE,
    }));
    await producer.send({ topic, acks: -1, messages });
  }
  return rate(RECORDS, performance.now() - startedAt);
}

async function clientConsumeRate(): Promise<number> {
  const consumer = kafka.consumer({
    groupId: `bench-ceiling-${Date.now()}`,
    sessionTimeout: 6_000,
    maxWaitTimeInMs: 100,
  });
  await consumer.connect();
  await consumer.subscribe({ topics: ['ceiling'], fromBeginning: true });
  let received = 0;
  let firstAt = 0;
  const result = await new Promise<number>((resolve, reject) => {
    consumer
      .run({
        autoCommit: false,
        eachBatch: async ({ batch, resolveOffset }) => {
          if (firstAt === 0) firstAt = performance.now();
          received += batch.messages.length;
          const last = batch.messages.at(-1);
          if (last) {
            resolveOffset(last.offset);
            await consumer.commitOffsets([
              {
                topic: batch.topic,
                partition: batch.partition,
                offset: String(Number(last.offset) + 1),
              },
            ]);
          }
          if (received >= RECORDS) resolve(rate(received, performance.now() - firstAt));
        },
      })
      .catch(reject);
  });
  await consumer.disconnect();
  return result;
}

/**
 * The runtime's own ceiling for this path: a plain mqtt.js client publishing the same records at QoS 1 (1,000 in
 * flight, as the adapter allows a partition) to an MQTT subscriber, arrivals per second.
 */
async function mqttQos1Rate(token: string): Promise<number> {
  const publisher = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
    username: 'token',
    password: token,
  });
  const subscriber = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
    username: 'token',
    password: token,
  });
  let arrivals = 0;
  subscriber.on('message', () => (arrivals += 1));
  await subscriber.subscribeAsync('raw/#', { qos: 1 });
  const payload = Buffer.from(VALUE);
  const startedAt = performance.now();
  await new Promise<void>((resolve) => {
    let sent = 0;
    let acked = 0;
    const pump = () => {
      while (sent < RECORDS && sent - acked < 1_000) {
        const index = sent;
        sent += 1;
        publisher.publish(`raw/${index % PARTITIONS}`, payload, { qos: 1 }, () => {
          acked += 1;
          if (acked === RECORDS) resolve();
          else pump();
        });
      }
    };
    pump();
  });
  while (arrivals < RECORDS) await new Promise((resolve) => setTimeout(resolve, 5));
  const result = rate(RECORDS, performance.now() - startedAt);
  publisher.end(true);
  subscriber.end(true);
  return result;
}

interface PublisherFigures {
  rate: number;
  pacedRate: number;
  p50: number;
  p99: number;
  arrived: number;
  expected: number;
  produced: number;
  failed: number;
  cpu: { adapter: number; runtime: number; seconds: number };
}

/**
 * MQTT → Kafka through a second adapter process holding only a publisher: values stamped with their publish time
 * (the first 13 characters), counted by a kafkajs consumer once in Kafka.
 */
async function publisherFigures(): Promise<PublisherFigures> {
  const adapter = await spawnAdapter({
    runtime,
    signer,
    config: testAdapterConfig(
      mock.brokers,
      [publisherSettings({ id: 'bench-pub', selector: '>pub//', kafkaTopicPattern: 'published' })],
      { adapterId: 'adapter-pub' },
    ),
    ...(process.env.BENCH_PROFILE
      ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] }
      : {}),
  });
  const device = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
    username: 'token',
    password: await signer.token('bench-device'),
  });
  const consumer = kafka.consumer({
    groupId: `bench-published-${Date.now()}`,
    sessionTimeout: 6_000,
    maxWaitTimeInMs: 10,
  });
  let arrived = 0;
  let lastArrival = 0;
  const latencies: number[] = [];
  let phase: 'burst' | 'paced' = 'burst';
  let probeSeen = false;
  await consumer.connect();
  await consumer.subscribe({ topics: ['published'], fromBeginning: false });
  const joined = new Promise<void>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, () => resolve()),
  );
  await consumer.run({
    eachBatch: async ({ batch }) => {
      const now = Date.now();
      for (const message of batch.messages) {
        if (message.value?.toString() === 'probe') {
          probeSeen = true;
          continue;
        }
        arrived += 1;
        if (phase === 'paced')
          latencies.push(now - Number(message.value?.toString('latin1', 0, 13)));
      }
      lastArrival = performance.now();
    },
  });
  await joined;
  // A value published before the publisher holds its subscription is not routed to it: probe until one arrives.
  const probeDeadline = Date.now() + 30_000;
  while (!probeSeen && Date.now() < probeDeadline) {
    await device.publishAsync('pub/probe', 'probe', { qos: 1 });
    const waitUntil = Date.now() + 500;
    while (!probeSeen && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 10));
  }
  const value = () => String(Date.now()) + VALUE.slice(13);
  const runtimeProcess = runtimePid();
  const cpuBefore = { adapter: cpuMsOf(adapter.child.pid), runtime: cpuMsOf(runtimeProcess) };
  const startedAt = performance.now();
  await new Promise<void>((resolve, reject) => {
    let sent = 0;
    let acked = 0;
    const pump = () => {
      while (sent < RECORDS && sent - acked < 1_000) {
        const index = sent;
        sent += 1;
        device.publish(`pub/${index % 64}`, value(), { qos: 1 }, (error) => {
          if (error) return reject(error);
          acked += 1;
          if (acked === RECORDS) resolve();
          else pump();
        });
      }
    };
    pump();
  });
  while (arrived < RECORDS) await new Promise((resolve) => setTimeout(resolve, 20));
  const burstRate = rate(arrived, lastArrival - startedAt);
  const cpu = {
    adapter: cpuMsOf(adapter.child.pid) - cpuBefore.adapter,
    runtime: cpuMsOf(runtimeProcess) - cpuBefore.runtime,
    seconds: (lastArrival - startedAt) / 1000,
  };

  // Paced at half the publisher's rate, one batch of publishes per 100 ms tick.
  phase = 'paced';
  arrived = 0;
  const perTick = Math.max(1, Math.round(burstRate / 2 / 10));
  const pacedStart = Date.now();
  let tick = 0;
  while (Date.now() - pacedStart < LATENCY_SECONDS * 1000) {
    for (let index = 0; index < perTick; index += 1) {
      device.publish(`pub/${(tick * perTick + index) % 64}`, value(), { qos: 1 });
    }
    tick += 1;
    const next = pacedStart + tick * 100;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
  const expected = tick * perTick;
  const deadline = Date.now() + 30_000;
  while (arrived < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const state = (await adapter.state()) as unknown as {
    publishers: { produced: number; failed: number }[];
  };
  await consumer.disconnect();
  device.end(true);
  adapter.child.kill('SIGTERM');
  await adapter.exited;
  return {
    rate: burstRate,
    pacedRate: perTick * 10,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    arrived: latencies.length,
    expected,
    produced: state.publishers[0]?.produced ?? NaN,
    failed: state.publishers[0]?.failed ?? NaN,
    cpu,
  };
}

/** This process's CPU time (user + system) in µs per record over `work`. */
async function cpuPerRecord(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return Math.round((used.user + used.system) / RECORDS);
}

/**
 * What the two libraries the subscriber joins cost a record by themselves, in this process: an mqtt.js client
 * publishing the records at QoS 1 (1,000 in flight, no subscriber), the floor under the adapter's own CPU per record
 * beside kafkajs's consume.
 */
async function mqttPublishOnly(token: string): Promise<void> {
  const publisher = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
    username: 'token',
    password: token,
  });
  const payload = Buffer.from(VALUE);
  await new Promise<void>((resolve) => {
    let sent = 0;
    let acked = 0;
    const pump = () => {
      while (sent < RECORDS && sent - acked < 1_000) {
        const index = sent;
        sent += 1;
        publisher.publish(`alone/${index % PARTITIONS}`, payload, { qos: 1 }, () => {
          acked += 1;
          if (acked === RECORDS) resolve();
          else pump();
        });
      }
    };
    pump();
  });
  publisher.end(true);
}

try {
  const produceRate = await produceAll('ceiling');
  let consumeRate = 0;
  const consumeCpu = await cpuPerRecord(async () => (consumeRate = await clientConsumeRate()));
  const mqttRate = await mqttQos1Rate(await signer.token('bench-mqtt'));
  const aloneToken = await signer.token('bench-alone');
  const publishCpu = await cpuPerRecord(() => mqttPublishOnly(aloneToken));

  // The adapter: records already in Kafka, counted as they reach an MQTT subscriber.
  await produceAll('bench');
  const token = await signer.token('bench-reader');
  reader = await connectClient(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
    username: 'token',
    password: token,
  });
  let arrived = 0;
  let firstArrival = 0;
  let lastArrival = 0;
  const latencies: number[] = [];
  reader.on('message', (topic, payload) => {
    const now = performance.now();
    if (topic.startsWith('bench/')) {
      if (arrived === 0) firstArrival = now;
      arrived += 1;
      lastArrival = now;
    } else if (topic.startsWith('paced/')) {
      latencies.push(Date.now() - Number(payload.subarray(0, 13).toString()));
    }
  });
  await reader.subscribeAsync(['bench/#', 'paced/#'], { qos: 1 });
  const subscriber = testSubscriber({
    kafkaTopics: ['bench', 'paced'],
    consumerGroupId: 'bench-adapter',
    pollTimeout: Number(process.env.BENCH_POLL_MS ?? 100),
    heraldTopicPattern: '${topic}/${partition}',
    framework: { publicationRetries: 3, retryIntervalMs: 1_000 },
  });
  const adapter = await spawnAdapter({
    runtime,
    signer,
    config: testAdapterConfig(mock.brokers, [subscriber]),
    ...(process.env.BENCH_PROFILE
      ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] }
      : {}),
  });
  const rssAtStart = await rssOf(adapter);
  const runtimeProcess = runtimePid();
  const cpuBefore = { adapter: cpuMsOf(adapter.child.pid), runtime: cpuMsOf(runtimeProcess) };
  while (arrived < RECORDS) await new Promise((resolve) => setTimeout(resolve, 50));
  const adapterRate = rate(arrived, lastArrival - firstArrival);
  const burstCpu = {
    adapter: cpuMsOf(adapter.child.pid) - cpuBefore.adapter,
    runtime: cpuMsOf(runtimeProcess) - cpuBefore.runtime,
  };
  const rssAfterBurst = await rssOf(adapter);

  // Latency at half the adapter's rate: one send per 100 ms tick, each record stamped with its send time.
  const perTick = Math.max(1, Math.round(adapterRate / 2 / 10));
  const rssSamples: number[] = [];
  const pacedStart = Date.now();
  let tick = 0;
  while (Date.now() - pacedStart < LATENCY_SECONDS * 1000) {
    const stamp = String(Date.now());
    await producer.send({
      topic: 'paced',
      acks: 1,
      messages: Array.from({ length: perTick }, (_, index) => ({
        key: `p${tick}-${index}`,
        value: stamp + VALUE.slice(stamp.length),
      })),
    });
    tick += 1;
    const next = pacedStart + tick * 100;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    if (tick % 300 === 0) rssSamples.push(await rssOf(adapter));
  }
  const expected = tick * perTick;
  const deadline = Date.now() + 30_000;
  while (latencies.length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const rssAtEnd = await rssOf(adapter);
  const state = (await adapter.state()).subscribers[0];

  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`${RECORDS.toLocaleString('en')} records of 1 KB over ${PARTITIONS} partitions`);
  console.log(
    `kafkajs produce (sends of ${SEND_SIZE}, acks -1): ${produceRate.toLocaleString('en')} msg/s`,
  );
  console.log(
    `kafkajs consume (new group, commits by hand):    ${consumeRate.toLocaleString('en')} msg/s`,
  );
  console.log(
    `CPU per record in the bench's own process: kafkajs consume ${consumeCpu} µs, mqtt.js QoS 1 publish (no subscriber) ${publishCpu} µs`,
  );
  console.log(
    `mqtt.js QoS 1 through the runtime (1,000 in flight): ${mqttRate.toLocaleString('en')} msg/s`,
  );
  console.log(
    `adapter Kafka → MQTT subscriber (QoS 1, durable):   ${adapterRate.toLocaleString('en')} msg/s (${(adapterRate / consumeRate).toFixed(2)} of the client's consume rate, ${(adapterRate / mqttRate).toFixed(2)} of the runtime's QoS 1 rate)`,
  );
  const perRecord = (ms: number) => `${Math.round((ms * 1000) / RECORDS)} µs`;
  console.log(
    `subscriber burst CPU per record (from the adapter's ready to the last arrival; GC threads may add past one core): adapter ${perRecord(burstCpu.adapter)}, runtime ${perRecord(burstCpu.runtime)}`,
  );
  console.log(
    `latency at ${(perTick * 10).toLocaleString('en')} msg/s for ${LATENCY_SECONDS} s: p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms (${latencies.length}/${expected} arrived)`,
  );
  console.log(
    `adapter RSS: ${mib(rssAtStart)} at start, ${mib(rssAfterBurst)} after the burst, ${rssSamples.map(mib).join(', ') || '-'} every 30 s, ${mib(rssAtEnd)} at the end`,
  );
  console.log(
    `adapter counters: consumed ${state?.consumed}, published ${state?.published}, failed ${state?.failed}`,
  );
  adapter.child.kill('SIGTERM');
  await adapter.exited;

  const published = await publisherFigures();
  console.log(
    `adapter MQTT → Kafka publisher (QoS 1 in, acks -1 out): ${published.rate.toLocaleString('en')} msg/s (${(published.rate / produceRate).toFixed(2)} of the client's produce rate)`,
  );
  console.log(
    `publisher burst CPU per record (first publish to last arrival, ${published.cpu.seconds.toFixed(1)} s): adapter ${Math.round((published.cpu.adapter * 1000) / RECORDS)} µs, runtime ${Math.round((published.cpu.runtime * 1000) / RECORDS)} µs`,
  );
  console.log(
    `publisher latency at ${published.pacedRate.toLocaleString('en')} msg/s for ${LATENCY_SECONDS} s: p50 ${published.p50} ms, p99 ${published.p99} ms (${published.arrived}/${published.expected} arrived; produced ${published.produced}, failed ${published.failed})`,
  );
} finally {
  reader?.end(true);
  killSpawnedAdapters();
  await producer.disconnect();
  await runtime.stop();
  await mock.stop();
}
