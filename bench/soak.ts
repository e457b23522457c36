/**
 * Soak: the runtime (compiled bundle, token logins) for `minutes` with 5,000 idle sessions connected (each pinging
 * once a minute, as a client within its Keep Alive does) while one publisher sends QoS 1 messages at a fixed `rate`
 * (messages/s, open loop, every 10 ms) to 10 subscribers: by default 2,500 messages/s = 25,000 deliveries/s, about
 * half the peak of bench/mqtt-throughput.ts on the machine of the third pass (docs/decisions/028); pass the rate
 * that is half the peak where it runs (7,500 on the fifth pass's machine). Every `sample`
 * seconds it prints the runtime's RSS, its open file descriptors, deliveries/s and the delivery latency
 * (publish → receipt, both in this process) p50/p99 of that interval; at the end RSS growth from the first
 * sample, the spread of open descriptors and the p99 of each interval. Aims (issue 14): RSS growth ≤ 10 %, open
 * descriptors flat, p99 steady.
 * Run: node --import tsx bench/soak.ts [minutes=30] [rate=2500] [sample=60]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import {
  createBenchKeys,
  loadAverage,
  openFds,
  rssKiB,
  startRuntimeBroker,
} from './support/mqtt-brokers';
import { openIdleSessions } from './support/raw-mqtt';

const MINUTES = Number(process.argv[2] ?? 30);
const RATE = Number(process.argv[3] ?? 2_500);
const SAMPLE_SECONDS = Number(process.argv[4] ?? 60);
const IDLE_SESSIONS = 5_000;
const SUBSCRIBERS = 10;
const TOPIC = 'soak/q1';

const dir = await mkdtemp(join(tmpdir(), 'herald-soak-'));
const broker = await startRuntimeBroker(dir, await createBenchKeys());
const login = { username: broker.username ?? '', password: broker.password ?? '' };
const connect = () =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    protocolVersion: 4,
    reconnectPeriod: 0,
    ...login,
  });

const { sockets: idle } = await openIdleSessions(broker, IDLE_SESSIONS, 'soak-idle-', 300);
// Idle is not silent: like any MQTT client, each idle session sends PINGREQ (MQTT 3.1.1 section 3.12) within its
// 300 s Keep Alive, or the runtime would rightly drop all 5,000 after 450 s. Every session pings once a minute, a
// sixtieth of them each second. A session the runtime closes is counted.
let idleClosed = 0;
for (const socket of idle) socket.once('close', () => (idleClosed += 1));
const PINGREQ = Buffer.from([0xc0, 0x00]);
let nextPing = 0;
const pinger = setInterval(() => {
  for (let count = 0; count < Math.ceil(IDLE_SESSIONS / 60); count += 1) {
    const socket = idle[nextPing];
    nextPing = (nextPing + 1) % idle.length;
    if (socket && !socket.destroyed) socket.write(PINGREQ);
  }
}, 1000);

let latencies: number[] = [];
const subscribers: MqttClient[] = [];
for (let index = 0; index < SUBSCRIBERS; index += 1) {
  const subscriber = await connect();
  subscriber.on('message', (_topic, payload, packet) => {
    if (packet.retain) return;
    latencies.push(performance.now() - Number(payload.toString()));
  });
  await subscriber.subscribeAsync(TOPIC, { qos: 1 });
  subscribers.push(subscriber);
}
const publisher = await connect();
let unacknowledged = 0;
let skipped = 0;
const perTick = RATE / 100;
let owed = 0;
const ticker = setInterval(() => {
  owed += perTick;
  for (; owed >= 1; owed -= 1) {
    // Open loop, but bounded: a runtime that stops acknowledging shows as skipped sends, not as unbounded memory here.
    if (unacknowledged >= 10_000) {
      skipped += 1;
      continue;
    }
    unacknowledged += 1;
    publisher.publish(TOPIC, String(performance.now()), { qos: 1 }, () => (unacknowledged -= 1));
  }
}, 10);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
interface Sample {
  minute: number;
  rssMiB: number;
  fds: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
}
const samples: Sample[] = [];
console.log(
  `${IDLE_SESSIONS} idle sessions, ${SUBSCRIBERS} subscribers, ${RATE} QoS 1 messages/s, ${MINUTES} min`,
);
console.log('| minute | RSS (MiB) | open fds | deliveries/s | p50 (ms) | p99 (ms) |');
console.log('|---:|---:|---:|---:|---:|---:|');
const endAt = Date.now() + MINUTES * 60_000;
while (Date.now() < endAt) {
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_SECONDS * 1000));
  const interval = latencies.sort((a, b) => a - b);
  latencies = [];
  const sample: Sample = {
    minute: Number(((MINUTES * 60_000 - (endAt - Date.now())) / 60_000).toFixed(1)),
    rssMiB: rssKiB(broker.pid) / 1024,
    fds: openFds(broker.pid),
    deliveriesPerSecond: interval.length / SAMPLE_SECONDS,
    p50: quantile(interval, 0.5),
    p99: quantile(interval, 0.99),
  };
  samples.push(sample);
  console.log(
    `| ${sample.minute} | ${sample.rssMiB.toFixed(1)} | ${sample.fds} | ${Math.round(sample.deliveriesPerSecond).toLocaleString('en')} | ${sample.p50.toFixed(1)} | ${sample.p99.toFixed(1)} |`,
  );
}
clearInterval(ticker);
clearInterval(pinger);
const first = samples[0];
const last = samples.at(-1);
if (first && last) {
  const fds = samples.map((sample) => sample.fds);
  console.log(
    `\nRSS ${first.rssMiB.toFixed(1)} → ${last.rssMiB.toFixed(1)} MiB (${(((last.rssMiB - first.rssMiB) / first.rssMiB) * 100).toFixed(1)} %, aim ≤ 10 %); open fds ${Math.min(...fds)}–${Math.max(...fds)}; p99 ${samples.map((sample) => sample.p99.toFixed(0)).join(', ')} ms; sends skipped (10,000 unacknowledged) ${skipped}; idle sessions closed ${idleClosed} of ${IDLE_SESSIONS}; runtime alive ${(await Promise.race([broker.exited.then(() => false), Promise.resolve(true)])) ? 'yes' : 'no'}; load average ${loadAverage()}`,
  );
}
await Promise.all([publisher, ...subscribers].map((client) => client.endAsync(true)));
for (const socket of idle) socket.destroy();
await broker.stop();
await rm(dir, { recursive: true, force: true });
