/**
 * CONNECTs accepted per second: `connects` raw TCP connections, `concurrency` at a time, each sending CONNECT,
 * waiting for its CONNACK and disconnecting. The runtime (compiled bundle, token logins) twice: every client with
 * the same service token (the usual case: devices of a service share its token; verified once, then cached) and
 * every client with its own token (each an ES256 verification); for reference aedes alone and Node's sockets alone
 * (a CONNACK to any CONNECT: the floor of a broker on Node); Debian's mosquitto (anonymous) beside them.
 * Run: node --import tsx bench/connect-rate.ts [connects=5000] [concurrency=200]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cpuSeconds,
  createBenchKeys,
  loadAverage,
  startBareAedesBroker,
  startBareSocketServer,
  startMosquittoBroker,
  startRuntimeBroker,
  type BenchBroker,
} from './support/mqtt-brokers';
import { connectPacket, openRawSession } from './support/raw-mqtt';

const CONNECTS = Number(process.argv[2] ?? 5_000);
const CONCURRENCY = Number(process.argv[3] ?? 200);
const DISCONNECT = Buffer.from([0xe0, 0x00]);

interface Rate {
  perSecond: number;
  refused: number;
  /** The broker's CPU (user + system, /proc) per accepted CONNECT, its DISCONNECT and close included. */
  cpuPerConnectUs: number;
}

/**
 * CONNACKs with return code 0 per second, and what each cost the broker's CPU; `passwordOf(i)` is the i-th client's
 * password. The CPU is the steadier figure: this bench's client shares the 2 cores and often limits the rate.
 */
async function connectRate(
  broker: BenchBroker,
  passwordOf: (index: number) => string | null,
): Promise<Rate> {
  let next = 0;
  let refused = 0;
  const cpuAtStart = cpuSeconds(broker.pid);
  const started = performance.now();
  const worker = async () => {
    while (next < CONNECTS) {
      const index = next;
      next += 1;
      const login = { username: broker.username, password: passwordOf(index) };
      const { socket, returnCode } = await openRawSession(
        broker.port,
        connectPacket(`rate-${index}`, login, 60),
      );
      if (returnCode !== 0) refused += 1;
      socket.end(DISCONNECT);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  // The last sockets' closes are the broker's work too: counted once they are done.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const accepted = CONNECTS - refused;
  return {
    perSecond: accepted / seconds,
    refused,
    cpuPerConnectUs: ((cpuSeconds(broker.pid) - cpuAtStart) / accepted) * 1e6,
  };
}

const dir = await mkdtemp(join(tmpdir(), 'herald-connect-rate-'));
const keys = await createBenchKeys();
const ownTokens = await Promise.all(
  Array.from({ length: CONNECTS }, (_, index) => keys.serviceToken(`device-${index}`)),
);
const rows: Array<[string, Rate]> = [];

const runtime = await startRuntimeBroker(dir, keys);
try {
  // A short warm-up (JIT), then the measured runs.
  await connectRate(runtime, () => runtime.password);
  rows.push([
    'herald runtime, one shared token',
    await connectRate(runtime, () => runtime.password),
  ]);
  rows.push([
    'herald runtime, a token per client',
    await connectRate(runtime, (index) => ownTokens[index] ?? null),
  ]);
} finally {
  await runtime.stop();
}
// References: aedes alone (what the runtime is built on, no hooks, policy or state) and Node's sockets alone (the
// floor of any broker on Node), then mosquitto, which the ratios compare with.
for (const [name, start] of [
  ['bare aedes, anonymous (reference)', startBareAedesBroker],
  ['bare Node sockets, CONNACK only (reference)', startBareSocketServer],
  ['mosquitto, anonymous', () => startMosquittoBroker(dir)],
] as const) {
  const broker = await start();
  try {
    await connectRate(broker, () => null);
    rows.push([name, await connectRate(broker, () => null)]);
  } finally {
    await broker.stop();
  }
}
await rm(dir, { recursive: true, force: true });

const mosquittoRate = rows.at(-1)?.[1].perSecond ?? NaN;
const mosquittoCpu = rows.at(-1)?.[1].cpuPerConnectUs ?? NaN;
console.log(
  `\n${CONNECTS.toLocaleString('en')} CONNECTs, ${CONCURRENCY} at a time, load average ${loadAverage()}`,
);
console.log(
  '| broker and logins | CONNECTs/s | refused | ratio to mosquitto | broker CPU a CONNECT | CPU ratio |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, { perSecond, refused, cpuPerConnectUs }] of rows) {
  console.log(
    `| ${name} | ${Math.round(perSecond).toLocaleString('en')} | ${refused} | ${(perSecond / mosquittoRate).toFixed(2)} | ${cpuPerConnectUs.toFixed(0)} µs | ${(cpuPerConnectUs / mosquittoCpu).toFixed(2)} |`,
  );
}
