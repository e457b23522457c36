/**
 * Idle sessions: how much resident memory each idle MQTT session costs the runtime (token login, the compiled
 * bundle as the control plane spawns it) and Debian's mosquitto (anonymous), side by side.
 * For each broker: start it, read its RSS once it is steady (base), open `sessions` raw TCP connections that each send
 * one CONNECT (keep-alive 300 s, then nothing), read the RSS again once steady; per session = (after - base) /
 * sessions. The process is limited to as many open files as this machine allows (`ulimit -n`).
 * Run: node --import tsx bench/session-capacity.ts [sessions=5000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createBenchKeys,
  loadAverage,
  startMosquittoBroker,
  steadyRssKiB,
  startRuntimeBroker,
  type BenchBroker,
} from './support/mqtt-brokers';
import { openIdleSessions } from './support/raw-mqtt';

const SESSIONS = Number(process.argv[2] ?? 5_000);
const KEEP_ALIVE_SECONDS = 300;
interface Figures {
  baseKiB: number;
  afterKiB: number;
  perSessionKiB: number;
  refused: number;
}

async function measure(broker: BenchBroker): Promise<Figures> {
  const baseKiB = await steadyRssKiB(broker.pid);
  const { sockets, refused } = await openIdleSessions(
    broker,
    SESSIONS,
    'idle-',
    KEEP_ALIVE_SECONDS,
  );
  const afterKiB = await steadyRssKiB(broker.pid);
  for (const socket of sockets) socket.destroy();
  return { baseKiB, afterKiB, perSessionKiB: (afterKiB - baseKiB) / SESSIONS, refused };
}

const dir = await mkdtemp(join(tmpdir(), 'herald-sessions-'));
const keys = await createBenchKeys();
const results: Array<[string, Figures]> = [];
for (const start of [() => startRuntimeBroker(dir, keys), () => startMosquittoBroker(dir)]) {
  const broker = await start();
  try {
    const figures = await measure(broker);
    results.push([broker.name, figures]);
    console.log(`${broker.name}: ${JSON.stringify(figures)}`);
  } finally {
    await broker.stop();
  }
}
await rm(dir, { recursive: true, force: true });

const [runtime, mosquitto] = results.map(([, figures]) => figures);
const mib = (kib: number) => (kib / 1024).toFixed(1);
console.log(`\n${SESSIONS.toLocaleString('en')} idle sessions, load average ${loadAverage()}`);
console.log('| figure | herald runtime | mosquitto | ratio |');
console.log('|---|---:|---:|---:|');
if (runtime && mosquitto) {
  console.log(
    `| base RSS (MiB) | ${mib(runtime.baseKiB)} | ${mib(mosquitto.baseKiB)} | ${(runtime.baseKiB / mosquitto.baseKiB).toFixed(1)}× |`,
  );
  console.log(
    `| RSS with the sessions (MiB) | ${mib(runtime.afterKiB)} | ${mib(mosquitto.afterKiB)} | ${(runtime.afterKiB / mosquitto.afterKiB).toFixed(1)}× |`,
  );
  console.log(
    `| RSS per idle session (KiB) | ${runtime.perSessionKiB.toFixed(2)} | ${mosquitto.perSessionKiB.toFixed(2)} | ${(runtime.perSessionKiB / mosquitto.perSessionKiB).toFixed(1)}× |`,
  );
  console.log(`| refused CONNECTs | ${runtime.refused} | ${mosquitto.refused} | |`);
}
