/**
 * Idle sessions: how much resident memory each idle MQTT session costs the runtime (token login, the compiled
 * bundle as the control plane spawns it) and Debian's mosquitto (anonymous), side by side; aedes alone and Node's
 * sockets alone (a CONNACK to any CONNECT) as references for what the runtime's building blocks cost.
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
  startBareAedesBroker,
  startBareSocketServer,
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
// aedes alone and Node's sockets alone are references: what the runtime's building blocks cost an idle session.
for (const start of [
  () => startRuntimeBroker(dir, keys),
  () => startMosquittoBroker(dir),
  startBareAedesBroker,
  startBareSocketServer,
]) {
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

const [runtime, mosquitto, ...references] = results.map(([, figures]) => figures);
const mib = (kib: number) => (kib / 1024).toFixed(1);
console.log(`\n${SESSIONS.toLocaleString('en')} idle sessions, load average ${loadAverage()}`);
console.log('| figure | herald runtime | mosquitto | ratio | bare aedes | bare Node sockets |');
console.log('|---|---:|---:|---:|---:|---:|');
if (runtime && mosquitto) {
  const row = (label: string, of: (figures: Figures) => number, digits: number) =>
    console.log(
      `| ${label} | ${of(runtime).toFixed(digits)} | ${of(mosquitto).toFixed(digits)} | ${(of(runtime) / of(mosquitto)).toFixed(1)}× | ${references.map((figures) => of(figures).toFixed(digits)).join(' | ')} |`,
    );
  row('base RSS (MiB)', (figures) => Number(mib(figures.baseKiB)), 1);
  row('RSS with the sessions (MiB)', (figures) => Number(mib(figures.afterKiB)), 1);
  row('RSS per idle session (KiB)', (figures) => figures.perSessionKiB, 2);
  console.log(
    `| refused CONNECTs | ${runtime.refused} | ${mosquitto.refused} | | ${references.map((figures) => figures.refused).join(' | ')} |`,
  );
}
