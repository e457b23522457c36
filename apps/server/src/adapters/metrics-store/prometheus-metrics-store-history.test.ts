import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateUsage, type UsageWindow } from '@herald/contract/usage/usage-aggregate';
import {
  USAGE_METRICS,
  USAGE_QUERY_TYPES,
  type UsageMetric,
} from '@herald/contract/usage/usage.schema';
import {
  PROMETHEUS_BIN,
  startPrometheusServer,
  type PrometheusServer,
} from '../../testing/prometheus-server';
import type { MetricsStore } from './metrics-store';
import { createPrometheusMetricsStore } from './prometheus-metrics-store';
import {
  bucketsFromSamples,
  SERIES_OF_METRIC,
  type SampleSeries,
} from './testing/buckets-from-samples';

const hasPrometheus = fs.existsSync(PROMETHEUS_BIN);

const SERVICE = { id: 'c1d2e3f4-0000-4000-8000-000000000001', name: 'history-svc' };
const OTHER = { id: 'c1d2e3f4-0000-4000-8000-000000000002', name: 'other-svc' };
/** Two days ago, on the hour: well inside Prometheus's retention, well before its head block. */
const T0 = Math.floor(Date.now() / 1000 / 3600) * 3600 - 2 * 86_400;

/** One runtime process as Prometheus scraped it. */
interface Process {
  service: { id: string; name: string };
  /** The `service` label the runtime exports (another service's runtime on a reused port says its own name). */
  exportedName?: string;
  instance: string;
  startTime: number;
  from: number;
  to: number;
  interval: number;
  counterStart: number;
  /** No scrapes in [gap[0], gap[1]) (Prometheus down, or the target unreachable). */
  gap?: [number, number];
}

interface Reading {
  time: number;
  billed: number;
  /** Published (in): part of the billed messages. */
  published: number;
  /** The adapters' part of the billed messages. */
  adapters: number;
  bytes: number;
  sessions: number;
  topics: number;
}

function readingsOf(process: Process): Reading[] {
  const readings: Reading[] = [];
  let billed = process.counterStart;
  let bytes = process.counterStart * 11;
  let step = 0;
  let afterGap = false;
  for (let time = process.from; time < process.to; time += process.interval) {
    if (process.gap && time >= process.gap[0] && time < process.gap[1]) {
      afterGap = true;
      continue;
    }
    // Nothing used while unobserved: the first reading after the gap equals the last before it.
    const increase = step === 0 || afterGap ? 0 : (step * 7) % 5;
    afterGap = false;
    billed += increase;
    bytes += increase * 11 + (increase > 0 ? step % 3 : 0);
    readings.push({
      time,
      billed,
      published: Math.floor(billed / 2),
      adapters: Math.floor(billed / 3),
      bytes,
      sessions: (step * 37) % 11,
      topics: ((step * 13) % 9) + 1,
    });
    step += 1;
  }
  return readings;
}

function labelsOf(process: Process): string {
  return `{instance="${process.instance}",job="herald-runtimes",service_id="${process.service.id}",service_name="${process.service.name}",service="${process.exportedName ?? process.service.name}"}`;
}

const READING_OF_METRIC = {
  billed_messages_total: 'billed',
  messages_in_total: 'published',
  adapter_billed_messages_total: 'adapters',
  bytes_total: 'bytes',
  sessions: 'sessions',
  topics: 'topics',
} as const satisfies Record<UsageMetric, keyof Reading>;

/** OpenMetrics text for promtool: one family at a time, each series in time order. */
function openMetrics(processes: readonly Process[]): string {
  const lines: string[] = [];
  const families = [...Object.values(SERIES_OF_METRIC), 'herald_runtime_start_time_seconds'];
  for (const family of families) {
    // Processes on one instance are one series: contiguous, in time order.
    const byLabels = new Map<string, string[]>();
    for (const process of processes) {
      const labels = labelsOf(process);
      const series = byLabels.get(labels) ?? [];
      for (const reading of readingsOf(process)) {
        const metric = (Object.keys(SERIES_OF_METRIC) as UsageMetric[]).find(
          (name) => SERIES_OF_METRIC[name] === family,
        );
        const value = metric ? reading[READING_OF_METRIC[metric]] : process.startTime;
        series.push(`${family}${labels} ${value} ${reading.time}`);
      }
      byLabels.set(labels, series);
    }
    for (const series of byLabels.values()) lines.push(...series);
  }
  return `${lines.join('\n')}\n# EOF\n`;
}

const A: Process = {
  service: SERVICE,
  instance: '127.0.0.1:1001',
  startTime: T0 - 3600,
  from: T0 - 600,
  to: T0 + 3900,
  interval: 15,
  counterStart: 1000,
  gap: [T0 + 3000, T0 + 3700],
};
const B: Process = {
  service: SERVICE,
  instance: '127.0.0.1:1002',
  startTime: T0 + 4000,
  from: T0 + 4010,
  to: T0 + 5400,
  interval: 15,
  counterStart: 7,
};
/** B's port again, 105 s later: the same series, its counter reset. */
const C: Process = {
  service: SERVICE,
  instance: '127.0.0.1:1002',
  startTime: T0 + 5495,
  from: T0 + 5505,
  to: T0 + 7800,
  interval: 20,
  counterStart: 3,
};
const OTHER_SERVICE: Process = {
  service: OTHER,
  instance: '127.0.0.1:1003',
  startTime: T0 - 100,
  from: T0 - 90,
  to: T0 + 7800,
  interval: 15,
  counterStart: 50_000,
};
/** A stale target of our service whose port another service's runtime took: its readings are not ours. */
const IMPOSTOR: Process = { ...OTHER_SERVICE, service: SERVICE, exportedName: OTHER.name };

/**
 * Known readings loaded into a real Prometheus (promtool backfill), the store's PromQL answers compared with
 * contract aggregateUsage over the same readings: a long gap, a new process, a counter reset on the same series, and
 * other services' series beside them.
 */
describe.skipIf(!hasPrometheus)('the Prometheus metrics store over known history', () => {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-prom-history-'));
  let prometheus: PrometheusServer;
  let store: MetricsStore;

  beforeAll(async () => {
    const sdFile = path.join(baseDir, 'targets.json');
    const credentialsFile = path.join(baseDir, 'metrics-token');
    fs.writeFileSync(sdFile, '[]\n');
    fs.writeFileSync(credentialsFile, `${'t'.repeat(40)}\n`, { mode: 0o600 });
    prometheus = await startPrometheusServer({
      sdFile,
      credentialsFile,
      backfill: openMetrics([A, B, C, OTHER_SERVICE, IMPOSTOR]),
    });
    store = createPrometheusMetricsStore({
      config: { prometheusUrl: prometheus.url },
      logger: pino({ level: 'silent' }),
    });
  }, 30_000);
  afterAll(async () => {
    await prometheus?.stop();
    fs.rmSync(baseDir, { recursive: true, force: true });
  });

  /** The readings of our service, as the database store would have filed them. */
  function ourSeries(): SampleSeries[] {
    return [A, B, C].flatMap((process) =>
      USAGE_METRICS.map((metric) => ({
        metric,
        // A's first reading comes an hour after its process started: Prometheus did not see that usage happen
        // (prometheus-promql.ts counts a first reading whole only for a fresh process), so it is not counted.
        countFirst: process !== A,
        samples: readingsOf(process).map(
          (reading) => [reading.time, reading[READING_OF_METRIC[metric]]] as const,
        ),
      })),
    );
  }

  async function expectContractAnswers(window: UsageWindow) {
    const buckets = bucketsFromSamples(ourSeries());
    for (const metric of USAGE_METRICS) {
      for (const queryType of USAGE_QUERY_TYPES) {
        const answer = await store.answer({
          serviceId: SERVICE.id,
          serviceName: SERVICE.name,
          metric,
          queryType,
          ...window,
        });
        expect(answer, `${metric} ${queryType} over ${JSON.stringify(window)} (T0 ${T0})`).toEqual(
          aggregateUsage(metric, queryType, buckets, window),
        );
      }
    }
  }

  it('answers every query type exactly as the contract, over aligned and unaligned windows', async () => {
    await expectContractAnswers({ from: T0, to: T0 + 7200, step: 60 });
    await expectContractAnswers({ from: T0, to: T0 + 7200, step: 3600 });
    await expectContractAnswers({ from: T0 + 1234, to: T0 + 6001, step: 300 });
    await expectContractAnswers({ from: T0 - 3600, to: T0 + 600, step: 600 });
  });

  it('counts neither a long gap nor a reset twice, and never another service’s readings', async () => {
    const question = {
      serviceId: SERVICE.id,
      serviceName: SERVICE.name,
      metric: 'billed_messages_total' as const,
      queryType: 'sum' as const,
      from: T0,
      to: T0 + 7200,
      step: 60,
    };
    const lastOf = (process: Process) => readingsOf(process).at(-1)?.billed ?? 0;
    const readingAt = (process: Process, time: number) =>
      readingsOf(process).findLast((reading) => reading.time < time)?.billed ?? 0;
    // A from its reading before T0 to its end; B whole (a new process); C whole up to T0 + 7200.
    const expected = lastOf(A) - readingAt(A, T0) + lastOf(B) + readingAt(C, T0 + 7200);
    expect(await store.answer(question)).toBe(expected);
    expect(expected).toBeLessThan(OTHER_SERVICE.counterStart);
  });
});
