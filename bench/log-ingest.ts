/**
 * Log ingestion (issue 12): the real server (`node --import tsx apps/server/src/server.ts`, NODE_ENV=production,
 * embedded PGlite on a temporary DATA_DIR, its log collector running every second) while a separate process writes
 * JSON lines into one service's runtime.log at a fixed rate, the way the runtime does (synchronous appends).
 * Measures, from this process over loopback HTTP:
 * - the API's latency without and with ingestion: an open-loop client (a request every 10 ms whether or not the last
 *   one answered, so a stalled server is not hidden) alternating GET /v3/service/{id} (a dashboard read) and
 *   GET /v3/service/{id}/logs (the event log: the same table, another stream); p50/p99;
 * - the collector's lag: every 250 ms, how old the newest collected line is (its writer's time to now);
 * - after the writer stops: the time until every line is stored, then that each is stored exactly once.
 * Run: node --import tsx bench/log-ingest.ts [lines per second] [seconds]
 * (with DATABASE_URL set, the same against a PostgreSQL server: use an empty database)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { insertTestService } from '../apps/server/src/testing/test-services';
import { createTestMember, createTestWorkspace } from '../apps/server/src/testing/test-workspaces';
import { startBenchServer } from './support/bench-server';
import { loadAverageText, quantileOf } from './support/bench-timings';

const RATE = Number(process.argv[2] ?? 5_000);
const SECONDS = Number(process.argv[3] ?? 20);
const TOTAL = RATE * SECONDS;
const REQUEST_EVERY_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The writer: its own process (as a runtime is), appending RATE lines a second in 10 ms ticks. */
const WRITER = `
const fs = require('node:fs');
const [file, rate, seconds] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
const fd = fs.openSync(file, 'a');
const total = rate * seconds;
const started = Date.now();
let written = 0;
const tick = () => {
  const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
  let chunk = '';
  for (; written < due; written += 1) {
    chunk += JSON.stringify({ time: new Date().toISOString(), level: written % 100 === 0 ? 'warn' : 'info',
      msg: 'mqtt client published', seq: written, clientId: 'sensor-' + (written % 500),
      topic: 'plant/line-' + (written % 40) + '/temperature', qos: written % 2 }) + '\\n';
  }
  if (chunk) fs.writeSync(fd, chunk);
  if (written < total) setTimeout(tick, 10); else fs.closeSync(fd);
};
tick();
`;

/** CPU time (user + system) a process has used, in ms, from /proc (Linux): load-independent cost. */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function quantiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => quantileOf(sorted, q);
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length})`;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-log-ingest-'));
// An empty dashboard build: the bench reads API routes only.
const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-web-'));

async function seed(): Promise<{ token: string; serviceId: string }> {
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      // DATABASE_URL (a PostgreSQL server) is passed on to the server as well; unset: the embedded PGlite.
      ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
    }),
  });
  try {
    const member = await createTestMember(app);
    const workspaceId = await createTestWorkspace(app, member, 'Bench');
    const { row } = await insertTestService(app, workspaceId);
    return { token: member.token, serviceId: row.id };
  } finally {
    await app.close();
  }
}

const { token, serviceId } = await seed();
const logFile = path.join(dataDir, 'services', serviceId, 'runtime.log');
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const server = await startBenchServer({ dataDir, webDistDir });
const headers = { authorization: `Bearer ${token}` };
try {
  const get = async (route: string) => {
    const response = await fetch(`${server.base}${route}`, { headers });
    if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
    return response.json() as Promise<{
      logDetails?: { timestamp: number; fields?: { seq?: number } }[];
      metadata?: { cursor: string | null };
    }>;
  };
  /** Open loop: a request every REQUEST_EVERY_MS until `isDone`, each timed on its own. */
  const readWhile = async (isDone: () => boolean) => {
    const details: number[] = [];
    const events: number[] = [];
    const pending: Promise<void>[] = [];
    for (let index = 0; !isDone(); index += 1) {
      const isDetails = index % 2 === 0;
      const started = performance.now();
      pending.push(
        get(isDetails ? `/v3/service/${serviceId}` : `/v3/service/${serviceId}/logs`).then(() => {
          (isDetails ? details : events).push(performance.now() - started);
        }),
      );
      await sleep(REQUEST_EVERY_MS);
    }
    await Promise.all(pending);
    return { details, events };
  };
  const newestSeq = async () =>
    (await get(`/v3/service/${serviceId}/logs/herald?limit=1`)).logDetails?.[0]?.fields?.seq ?? -1;

  // Warm-up, then the baseline: no ingestion.
  const warmUntil = Date.now() + 3_000;
  await readWhile(() => Date.now() > warmUntil);
  const baselineUntil = Date.now() + SECONDS * 1000;
  const idleCpuBefore = cpuMsOf(server.process.pid!);
  const baseline = await readWhile(() => Date.now() > baselineUntil);
  const idleCpuMs = cpuMsOf(server.process.pid!) - idleCpuBefore;
  const ingestCpuBefore = cpuMsOf(server.process.pid!);

  // Ingestion.
  const writer = spawn(process.execPath, ['-e', WRITER, logFile, String(RATE), String(SECONDS)], {
    stdio: 'inherit',
  });
  let isWriting = true;
  const writerDone = new Promise<void>((resolve) =>
    writer.once('exit', () => {
      isWriting = false;
      resolve();
    }),
  );
  const lags: number[] = [];
  const sampling = (async () => {
    while (isWriting) {
      await sleep(250);
      const newest = (await get(`/v3/service/${serviceId}/logs/herald?limit=1`)).logDetails?.[0];
      if (newest) lags.push(Date.now() - newest.timestamp);
    }
  })();
  const ingestStarted = performance.now();
  const loaded = await readWhile(() => !isWriting);
  await writerDone;
  await sampling;
  const writtenMs = performance.now() - ingestStarted;
  while ((await newestSeq()) < TOTAL - 1) await sleep(100);
  const caughtUpMs = performance.now() - ingestStarted;
  const ingestCpuMs = cpuMsOf(server.process.pid!) - ingestCpuBefore;

  // Every line exactly once: page through the whole stream.
  const seen = new Set<number>();
  let stored = 0;
  let cursor: string | null = null;
  do {
    const query: string = `?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await get(`/v3/service/${serviceId}/logs/herald${query}`);
    for (const entry of page.logDetails ?? []) {
      stored += 1;
      seen.add(entry.fields?.seq ?? -1);
    }
    cursor = page.metadata?.cursor ?? null;
  } while (cursor);

  console.log(
    `writer: ${TOTAL} lines at ${RATE} lines/s for ${SECONDS} s (took ${(writtenMs / 1000).toFixed(1)} s), ${(fs.statSync(logFile).size / 1024 / 1024).toFixed(1)} MiB`,
  );
  console.log(
    `stored: ${stored} lines, ${seen.size} distinct (exactly once: ${stored === TOTAL && seen.size === TOTAL}); the last stored ${((caughtUpMs - writtenMs) / 1000).toFixed(2)} s after the writer stopped: ${Math.round(TOTAL / (caughtUpMs / 1000))} lines/s overall`,
  );
  // The reads cost the same in both phases (one every 10 ms): what ingestion adds, per line.
  const readsCpuMs = (idleCpuMs / (SECONDS * 1000)) * caughtUpMs;
  console.log(
    `server CPU: idle phase ${(idleCpuMs / SECONDS / 10).toFixed(0)} % of a core; ingestion ${(((ingestCpuMs - readsCpuMs) * 1000) / TOTAL).toFixed(1)} µs of CPU a line (${((((ingestCpuMs - readsCpuMs) / TOTAL) * RATE) / 10).toFixed(0)} % of a core at ${RATE} lines/s)`,
  );
  console.log(`collector lag (age of the newest stored line, every 250 ms): ${quantiles(lags)}`);
  console.log(`GET /v3/service/{id}      idle:      ${quantiles(baseline.details)}`);
  console.log(`GET /v3/service/{id}      ingesting: ${quantiles(loaded.details)}`);
  console.log(`GET /v3/service/{id}/logs idle:      ${quantiles(baseline.events)}`);
  console.log(`GET /v3/service/{id}/logs ingesting: ${quantiles(loaded.events)}`);
  console.log(loadAverageText());
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDistDir, { recursive: true, force: true });
}
