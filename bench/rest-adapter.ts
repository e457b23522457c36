/**
 * The REST adapter (issue 28 "Benchmark"; docs/decisions/051): `endpoints` endpoints (default 1,000) polled every
 * second by the adapter process (the built bundle) against a real local HTTP API, publishing to a real runtime; the
 * APIs spread over 10 loopback hosts (127.0.0.1 … 127.0.0.10, allowed by REST_ADAPTER_ALLOWED_HOSTS) with the
 * default limits (256 requests at once, 16 per host: decision 051). Each endpoint's JSON value changes every 5 s at
 * its own phase and carries the time it changed; an MQTT subscriber measures change-to-topic delay. For `seconds`
 * (default 60) after a 5 s warm-up: polls per second the API received, values per second published, delay p50/p99,
 * the adapter's CPU (from /proc) and its resident memory every 10 s (its /metrics). Aim: 1,000 polls/s, p99 ≤ 1.5 s,
 * RSS flat. BENCH_PER_HOST / BENCH_CONNECTIONS override the limits (HERALD_REST_MAX_CONNECTIONS_PER_HOST /
 * _MAX_CONNECTIONS), to tell the limits from the machine as the cap. Figures depend on the load of the machine: print
 * `uptime` beside them.
 * Run: node --import tsx bench/rest-adapter.ts [endpoints] [seconds]
 */
import { readFile } from 'node:fs/promises';
import { createTestSigner, startTestRuntime } from '@herald/adapter-kit/testing/test-runtime';
import type { RestProcessApi } from '@herald/contract/rest-adapters/rest-adapter-process';
import { ensureAdapterBundle } from '@herald/rest-adapter/build/adapter-bundle';
import {
  killSpawnedRestAdapters,
  spawnRestAdapter,
  type SpawnedRestAdapter,
} from '@herald/rest-adapter/testing/spawn-rest-adapter';
import { startTestApiServer } from '@herald/rest-adapter/testing/test-api-server';
import { startTopicReader } from '@herald/rest-adapter/testing/topic-reader';
import { ensureRuntimeBundle } from '@herald/runtime/build/runtime-bundle';
import { killSpawnedRuntimes } from '@herald/runtime/testing/spawn-runtime';

const ENDPOINTS = Number(process.argv[2] ?? 1_000);
const SECONDS = Number(process.argv[3] ?? 60);
const HOSTS = 10;
const CHANGE_MS = 5_000;
const WARM_UP_MS = 5_000;
const SERVICE = { serviceId: 'svc-rest-bench', name: 'rest-bench' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The adapter's CPU seconds so far (user + system, /proc/{pid}/stat, in clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function rssOf(adapter: SpawnedRestAdapter): Promise<number> {
  const text = await (await adapter.request('/metrics')).text();
  return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? NaN);
}

await Promise.all([ensureRuntimeBundle(), ensureAdapterBundle()]);
const signer = await createTestSigner(SERVICE);
const runtime = await startTestRuntime(signer, SERVICE);
const api = await startTestApiServer();
// Each endpoint's value: its generation and when it changed, a function of the time (no state to keep in step).
const phaseOf = (index: number) => Math.floor((index * CHANGE_MS) / ENDPOINTS);
api.route('/bench', (request, response) => {
  const index = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('i'));
  const phase = phaseOf(index);
  const generation = Math.floor((Date.now() - phase) / CHANGE_MS);
  const changedAt = phase + generation * CHANGE_MS;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ index, generation, changedAt }));
});
const apis: RestProcessApi[] = Array.from({ length: HOSTS }, (_, host) => ({
  id: `h${host + 1}`,
  label: `Host ${host + 1}`,
  headers: [],
  baseUrl: api.origin(`127.0.0.${host + 1}`),
  baseTopicPath: `bench/h${host + 1}`,
  authentication: { type: 'none' },
  queryParameters: [],
  endpoints: Array.from({ length: Math.ceil(ENDPOINTS / HOSTS) }, (_, n) => n * HOSTS + host)
    .filter((index) => index < ENDPOINTS)
    .map((index) => ({
      id: `e${index}`,
      path: `/bench?i=${index}`,
      topicPath: `e${index}`,
      pollIntervalMs: 1_000,
      valuePointer: null,
    })),
}));
const readerToken = await signer.token('bench-reader', { scope: 'read write' });
const reader = await startTopicReader(
  `mqtt://127.0.0.1:${runtime.mqttPort}`,
  'bench-reader',
  readerToken,
);
const adapter = await spawnRestAdapter({
  runtime,
  signer,
  serviceId: SERVICE.serviceId,
  config: { adapterId: 'rest-bench', apis },
  allowedHosts: apis.map((one) => new URL(one.baseUrl).host).join(','),
  extraEnv: {
    ...(process.env.BENCH_PER_HOST
      ? { HERALD_REST_MAX_CONNECTIONS_PER_HOST: process.env.BENCH_PER_HOST }
      : {}),
    ...(process.env.BENCH_CONNECTIONS
      ? { HERALD_REST_MAX_CONNECTIONS: process.env.BENCH_CONNECTIONS }
      : {}),
  },
});
const pid = adapter.child.pid!;

await sleep(WARM_UP_MS);
const delays: number[] = [];
let measuring = true;
let publishedInWindow = 0;
const firstSeen = new Set<string>();
const onMessage = (topic: string, payload: Buffer, packet: { retain: boolean }) => {
  if (!measuring || packet.retain) return;
  const { changedAt } = JSON.parse(payload.toString()) as { changedAt: number };
  publishedInWindow += 1;
  // A topic's first value after the warm-up may be a change from before it: only later changes count.
  if (!firstSeen.has(topic)) {
    firstSeen.add(topic);
    return;
  }
  delays.push(Date.now() - changedAt);
};
reader.client.on('message', onMessage);
const requestsBefore = api.received.length;
const cpuBefore = await cpuSeconds(pid);
const startedAt = Date.now();
const rss: number[] = [await rssOf(adapter)];
while (Date.now() - startedAt < SECONDS * 1_000) {
  await sleep(Math.min(10_000, SECONDS * 1_000 - (Date.now() - startedAt)));
  rss.push(await rssOf(adapter));
}
measuring = false;
const elapsed = (Date.now() - startedAt) / 1_000;
const cpu = (await cpuSeconds(pid)) - cpuBefore;
const polls = api.received.length - requestsBefore;
const sorted = delays.sort((a, b) => a - b);
const metricsText = await (await adapter.request('/metrics')).text();
const metric = (name: string) =>
  Number(new RegExp(`^${name}\\{[^}]*\\} ([\\d.e+-]+)`, 'm').exec(metricsText)?.[1]);
const meanPollMs =
  (metric('herald_rest_poll_duration_seconds_sum') /
    metric('herald_rest_poll_duration_seconds_count')) *
  1_000;
const failed = (await adapter.state()).endpoints.filter(
  (one) => one.lastOutcome === 'failed',
).length;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
process.stdout.write(
  [
    `REST adapter: ${ENDPOINTS} endpoints every 1 s over ${HOSTS} hosts, ${elapsed.toFixed(0)} s measured`,
    `  polls received by the API: ${(polls / elapsed).toFixed(0)}/s (aim ${ENDPOINTS}/s)`,
    `  values published: ${(publishedInWindow / elapsed).toFixed(0)}/s (changes due: ${(ENDPOINTS / (CHANGE_MS / 1_000)).toFixed(0)}/s)`,
    `  change-to-topic delay: p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1)} ms (${sorted.length} changes; aim p99 ≤ 1500 ms)`,
    `  mean poll duration (request and body, whole run): ${meanPollMs.toFixed(1)} ms`,
    `  adapter CPU: ${((cpu / elapsed) * 100).toFixed(0)}% of one core`,
    `  adapter RSS every 10 s: ${rss.map(mib).join(', ')}`,
    `  endpoints whose last poll failed at the end: ${failed}`,
    '',
  ].join('\n'),
);
await reader.close();
await adapter.stop();
await api.close();
killSpawnedRestAdapters();
killSpawnedRuntimes();
process.exit(0);
