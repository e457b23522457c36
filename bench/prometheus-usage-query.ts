/**
 * The usage API's questions over the Prometheus metrics store (issue 12): a real Prometheus (Debian's package, its
 * own config, data dir and loopback port) loaded by promtool with 30 days of one service's runtime scraped every
 * 15 s (172,800 readings per series, a runtime restart every 7 days: a new series each time), then the four calls of
 * a monthly usage view (contract usageRequests: sums, peaks, low, the histograms at one point a day), each call's
 * metrics asked concurrently as the usage route does. Prints p50/p99 per call; aim p99 < 50 ms per call.
 * Run: node --import tsx bench/prometheus-usage-query.ts [calls]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { defaultUsageStep } from '@herald/contract/usage/usage-aggregate';
import { usagePeriodRange } from '@herald/contract/usage/usage-periods';
import { usageRequests } from '@herald/contract/usage/usage-screen';
import type { UsageMetric } from '@herald/contract/usage/usage.schema';
import { createPrometheusMetricsStore } from '../apps/server/src/adapters/metrics-store/prometheus-metrics-store';
import { startPrometheusServer } from '../apps/server/src/testing/prometheus-server';

const CALLS = Number(process.argv[2] ?? 50);
const WARM_UP = 5;
const SCRAPE_SECONDS = 15;
const DAYS = 30;
const SERVICE = { id: 'bench-prometheus-service', name: 'bench-svc' };

// Ends three hours ago: the readings stay in blocks, clear of the server's head block.
const end = Math.floor(Date.now() / 1000 / 3600) * 3600 - 3 * 3600;
const start = end - DAYS * 86_400;

const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-prometheus-'));
const input = path.join(baseDir, 'history.om');
const generated = performance.now();
const out = fs.openSync(input, 'w');
const families = [
  'herald_billed_messages_total',
  'herald_bytes_total',
  'herald_sessions',
  'herald_topics',
  'herald_runtime_start_time_seconds',
];
let readings = 0;
for (const family of families) {
  for (let week = 0; week * 7 * 86_400 < end - start; week += 1) {
    const processStart = start + week * 7 * 86_400;
    const processEnd = Math.min(end, processStart + 7 * 86_400);
    const labels = `{instance="127.0.0.1:${40_000 + week}",job="herald-runtimes",service_id="${SERVICE.id}",service_name="${SERVICE.name}",service="${SERVICE.name}"}`;
    let billed = 0;
    let lines: string[] = [];
    for (
      let time = processStart + 5, step = 0;
      time < processEnd;
      time += SCRAPE_SECONDS, step += 1
    ) {
      billed += (step * 7) % 13;
      const value =
        family === 'herald_billed_messages_total'
          ? billed
          : family === 'herald_bytes_total'
            ? billed * 120
            : family === 'herald_sessions'
              ? (step * 37) % 50
              : family === 'herald_topics'
                ? 100 + (step % 400)
                : processStart;
      lines.push(`${family}${labels} ${value} ${time}`);
      readings += 1;
      if (lines.length === 10_000) {
        fs.writeSync(out, `${lines.join('\n')}\n`);
        lines = [];
      }
    }
    if (lines.length > 0) fs.writeSync(out, `${lines.join('\n')}\n`);
  }
}
fs.writeSync(out, '# EOF\n');
fs.closeSync(out);
console.log(
  `generated ${readings.toLocaleString('en')} readings in ${Math.round(performance.now() - generated)} ms`,
);

const sdFile = path.join(baseDir, 'targets.json');
const credentialsFile = path.join(baseDir, 'metrics-token');
fs.writeFileSync(sdFile, '[]\n');
fs.writeFileSync(credentialsFile, `${'b'.repeat(40)}\n`, { mode: 0o600 });
const loading = performance.now();
const prometheus = await startPrometheusServer({
  sdFile,
  credentialsFile,
  backfill: fs.readFileSync(input, 'utf8'),
});
console.log(`promtool backfill + Prometheus start: ${Math.round(performance.now() - loading)} ms`);
try {
  const store = createPrometheusMetricsStore({
    config: { prometheusUrl: prometheus.url },
    logger: pino({ level: 'silent' }),
  });
  const range = usagePeriodRange('month', new Date((end - 86_400) * 1000), 0);
  console.log(
    `monthly view ${new Date(range.from * 1000).toISOString()} → ${new Date(range.to * 1000).toISOString()}, step ${range.stepSeconds} s`,
  );
  for (const request of usageRequests(range)) {
    const metrics = request.metrics.split(',') as UsageMetric[];
    const ask = () =>
      Promise.all(
        metrics.map((metric) =>
          store.answer({
            serviceId: SERVICE.id,
            serviceName: SERVICE.name,
            metric,
            queryType: request.queryType,
            from: request.from,
            to: request.to,
            step: request.customStep ?? defaultUsageStep(request.from, request.to),
          }),
        ),
      );
    for (let index = 0; index < WARM_UP; index += 1) await ask();
    const times: number[] = [];
    let sample: unknown;
    for (let index = 0; index < CALLS; index += 1) {
      const started = performance.now();
      sample = await ask();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (quantile: number) =>
      times[Math.min(times.length - 1, Math.floor(quantile * times.length))]!.toFixed(1);
    const shown = JSON.stringify(sample).slice(0, 80);
    console.log(
      `${request.queryType.padEnd(9)} ${request.metrics.padEnd(38)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  ${shown}`,
    );
  }
} finally {
  await prometheus.stop();
  fs.rmSync(baseDir, { recursive: true, force: true });
}
