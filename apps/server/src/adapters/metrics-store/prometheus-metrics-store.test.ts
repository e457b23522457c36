import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aggregateUsage,
  USAGE_METRIC_KINDS,
  type UsageBucket,
} from '@herald/contract/usage/usage-aggregate';
import {
  USAGE_METRICS,
  USAGE_QUERY_TYPES,
  type UsageMetric,
} from '@herald/contract/usage/usage.schema';
import { service } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { freePort } from '../../testing/free-port';
import {
  PROMETHEUS_BIN,
  startPrometheusServer,
  type PrometheusServer,
} from '../../testing/prometheus-server';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { signControlPlaneToken } from '../provisioner/local-provisioner';
import {
  insertTestService,
  isRunning,
  readService,
  waitForService,
  type ServiceRow,
} from '../provisioner/testing/test-services';
import type { MetricsStore, UsageQuestion } from './metrics-store';
import { PROMETHEUS_MESSAGES } from './prometheus-client';
import { createPrometheusMetricsStore } from './prometheus-metrics-store';
import { metricsTokenFile } from './prometheus-token';
import {
  bucketsFromSamples,
  SERIES_OF_METRIC,
  type SampleSeries,
} from './testing/buckets-from-samples';

const hasPrometheus = fs.existsSync(PROMETHEUS_BIN);
if (!hasPrometheus) {
  console.warn(
    `Skipping the Prometheus metrics store tests: ${PROMETHEUS_BIN} is missing (node scripts/ensure-system-deps.mjs prometheus installs it).`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(50);
  }
}
const minuteFloor = (seconds: number) => Math.floor(seconds / 60) * 60;

/**
 * The real thing end to end: the app (PROMETHEUS_URL set) runs a service's runtime with the metrics-only secret and
 * writes the file-SD targets; a real Prometheus scrapes it every second; MQTT clients publish known amounts; the
 * store's PromQL answers are compared with exact expectations, and with contract aggregateUsage over the very
 * samples Prometheus stored (the database store's semantics over the same readings).
 */
describe.skipIf(!hasPrometheus)('the Prometheus metrics store against a real Prometheus', () => {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-prom-store-'));
  const env: Record<string, string> = {};
  let app: FastifyInstance;
  let prometheus: PrometheusServer;
  let store: MetricsStore;
  let row: ServiceRow;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  const clients: MqttClient[] = [];
  const startedAt = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    env.DATA_DIR = path.join(baseDir, 'data');
    env.PROMETHEUS_SD_FILE = path.join(baseDir, 'sd', 'targets.json');
    env.PROMETHEUS_URL = `http://127.0.0.1:${await freePort()}`;
    env.SERVICE_PORT_BASE = String(30_000 + Math.floor(Math.random() * 400) * 50);
    env.SERVICE_PORT_COUNT = '50';
  });
  useTestApp((ready) => ({ app } = ready), { env });
  beforeAll(async () => {
    prometheus = await startPrometheusServer({
      sdFile: env.PROMETHEUS_SD_FILE ?? '',
      credentialsFile: metricsTokenFile(app.config),
      port: Number(new URL(app.config.prometheusUrl ?? '').port),
    });
    store = createPrometheusMetricsStore({ config: app.config, logger: app.log });
    team = await createTestTeam(app, 'Prometheus usage');
    row = await insertTestService(app.db, { workspaceId: team.workspaceId });
    app.provisioner.reconcile(row.id);
    row = (await waitForService(app.db, row.id, isRunning, 20_000))!;
  }, 40_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await prometheus?.stop();
    fs.rmSync(baseDir, { recursive: true, force: true });
  });

  async function promQuery(query: string, time?: number) {
    const response = await fetch(`${prometheus.url}/api/v1/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ query, ...(time ? { time: time.toFixed(3) } : {}) }),
    });
    const body = (await response.json()) as {
      data: {
        result: {
          metric: Record<string, string>;
          value?: [number, string];
          values?: [number, string][];
        }[];
      };
    };
    return body.data.result;
  }

  const selector = () => `{service_id="${row.id}"}`;

  /** Waits until Prometheus stored a scrape where the runtime's series `name` reads `value`. */
  async function waitForSample(name: string, value: number, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = await promQuery(`${name}${selector()}`);
      if (result.some((series) => Number(series.value?.[1]) === value)) return;
      if (Date.now() > deadline) {
        throw new Error(`Prometheus never stored ${name} = ${value}: ${JSON.stringify(result)}`);
      }
      await sleep(200);
    }
  }

  async function connect(): Promise<MqttClient> {
    const current = (await readService(app.db, row.id))!;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${current.mqttPort}`, {
      protocolVersion: 4,
      username: 'token',
      password: await signControlPlaneToken(app.tokens, current),
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  }

  /** The readings Prometheus holds for the service, as the database store would have filed them. */
  async function bucketsFromStoredSamples(to: number): Promise<UsageBucket[]> {
    const window = `${to - startedAt + 120}s`;
    const seriesList: SampleSeries[] = [];
    for (const metric of USAGE_METRICS) {
      for (const series of await promQuery(
        `${SERIES_OF_METRIC[metric]}${selector()}[${window}]`,
        to,
      )) {
        seriesList.push({
          metric,
          samples: (series.values ?? []).map(([time, text]) => [time, Number(text)] as const),
        });
      }
    }
    return bucketsFromSamples(seriesList);
  }

  function question(metric: UsageMetric, queryType: UsageQuestion['queryType'], window: Window) {
    return {
      serviceId: row.id,
      serviceName: row.serviceName,
      metric,
      queryType,
      ...window,
    };
  }

  interface Window {
    from: number;
    to: number;
    step: number;
  }

  /** Every metric × query type: exactly what contract aggregateUsage answers over the stored samples. */
  async function expectContractAnswers(window: Window) {
    const buckets = await bucketsFromStoredSamples(window.to);
    for (const metric of USAGE_METRICS) {
      for (const queryType of USAGE_QUERY_TYPES) {
        const expected = aggregateUsage(metric, queryType, buckets, window);
        expect(
          await store.answer(question(metric, queryType, window)),
          `${metric} ${queryType} (${USAGE_METRIC_KINDS[metric]})`,
        ).toEqual(expected);
      }
    }
  }

  const published = { messages: 0, bytes: 0 };

  it('writes the runtime as a file-SD target, which Prometheus scrapes with the metrics-only secret', async () => {
    const endpoint = app.provisioner.endpointOf(row.id)!;
    const deadline = Date.now() + 10_000;
    let groups: unknown = null;
    while (Date.now() < deadline) {
      groups = JSON.parse(fs.readFileSync(env.PROMETHEUS_SD_FILE ?? '', 'utf8'));
      if (Array.isArray(groups) && groups.length === 1) break;
      await sleep(50);
    }
    expect(groups).toEqual([
      {
        targets: [`127.0.0.1:${endpoint.httpPort}`],
        labels: { service_id: row.id, service_name: row.serviceName },
      },
    ]);
    expect(fs.statSync(metricsTokenFile(app.config)).mode & 0o777).toBe(0o600);
    await waitForSample('up', 1);
    await waitForSample('herald_sessions', 0);
  });

  it('answers every query type of every metric exactly after known MQTT traffic', async () => {
    const idle = await Promise.all([connect(), connect(), connect()]);
    const publisher = await connect();
    const topics = ['plant/a', 'plant/b', 'plant/c', 'plant/d', 'plant/e'];
    for (let index = 0; index < 25; index += 1) {
      const payload = `reading-${index}`;
      await publisher.publishAsync(topics[index % topics.length] ?? '', payload, { qos: 1 });
      published.messages += 1;
      published.bytes += Buffer.byteLength(payload);
    }
    await waitForSample('herald_billed_messages_total', published.messages);
    await waitForSample('herald_sessions', idle.length + 1);
    const window = {
      from: minuteFloor(startedAt) - 60,
      to: minuteFloor(Date.now() / 1000) + 120,
      step: 60,
    };
    // No subscriber: billed messages are the publishes, bytes their payloads; four sessions at the peak.
    expect(await store.answer(question('billed_messages_total', 'sum', window))).toBe(25);
    expect(await store.answer(question('billed_messages_total', 'increase', window))).toBe(25);
    expect(await store.answer(question('bytes_total', 'sum', window))).toBe(published.bytes);
    expect(await store.answer(question('sessions', 'peak', window))).toBe(4);
    expect(await store.answer(question('sessions', 'low', window))).toBe(0);
    const histogram = (await store.answer(
      question('billed_messages_total', 'histogram', window),
    )) as { timestamp: number; value: number }[];
    expect(histogram).toHaveLength((window.to - window.from) / 60);
    expect(histogram[0]?.timestamp).toBe(window.from);
    expect(histogram.reduce((total, point) => total + point.value, 0)).toBe(25);
    await expectContractAnswers(window);
    // An hour-long step and a range that is not a whole number of steps (the last step is shorter).
    await expectContractAnswers({ ...window, step: 3600 });
    await expectContractAnswers({ from: window.from + 7, to: window.to - 13, step: 90 });
  }, 30_000);

  it('counts across a runtime restart (a new process, a new series) without losing or double counting', async () => {
    const before = app.provisioner.endpointOf(row.id)!;
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    await app.db
      .update(service)
      .set({ restartGeneration: sql`${service.restartGeneration} + 1` })
      .where(eq(service.id, row.id));
    app.provisioner.reconcile(row.id);
    const deadline = Date.now() + 20_000;
    while (
      app.provisioner.endpointOf(row.id)?.httpPort === before.httpPort ||
      !app.provisioner.endpointOf(row.id)
    ) {
      if (Date.now() > deadline) throw new Error('the runtime did not restart');
      await sleep(50);
    }
    const after = app.provisioner.endpointOf(row.id)!;
    await waitFor(() => {
      const groups = JSON.parse(fs.readFileSync(env.PROMETHEUS_SD_FILE ?? '', 'utf8')) as {
        targets: string[];
      }[];
      return groups.length === 1 && groups[0]?.targets[0] === `127.0.0.1:${after.httpPort}`;
    }, 'the targets file names the restarted runtime alone');
    const publisher = await connect();
    for (let index = 0; index < 10; index += 1) {
      await publisher.publishAsync('plant/after-restart', 'xy', { qos: 1 });
    }
    published.messages += 10;
    published.bytes += 20;
    // The new process's own count: 10.
    await waitForSample('herald_billed_messages_total', 10);
    const window = {
      from: minuteFloor(startedAt) - 60,
      to: minuteFloor(Date.now() / 1000) + 120,
      step: 60,
    };
    expect(await store.answer(question('billed_messages_total', 'sum', window))).toBe(35);
    expect(await store.answer(question('bytes_total', 'sum', window))).toBe(published.bytes);
    await expectContractAnswers(window);
  }, 30_000);

  it('a Prometheus that is down, or answers nonsense, is a clear 503 / 502 naming Prometheus', async () => {
    const window = { from: startedAt - 60, to: startedAt + 60, step: 60 };
    const down = createPrometheusMetricsStore({
      config: { prometheusUrl: `http://127.0.0.1:${await freePort()}` },
      logger: app.log,
    });
    const refused = await down.answer(question('sessions', 'peak', window)).catch((error) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: PROMETHEUS_MESSAGES.unreachable });
    expect(refused.message).toContain('Prometheus');

    const nonsense = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>not prometheus</html>');
    });
    await new Promise<void>((resolve) => nonsense.listen(0, '127.0.0.1', resolve));
    try {
      const address = nonsense.address() as { port: number };
      const confused = createPrometheusMetricsStore({
        config: { prometheusUrl: `http://127.0.0.1:${address.port}` },
        logger: app.log,
      });
      const failed = await confused
        .answer(question('billed_messages_total', 'histogram', window))
        .catch((error) => error);
      expect(failed).toMatchObject({ statusCode: 502, message: PROMETHEUS_MESSAGES.badAnswer });
    } finally {
      nonsense.close();
    }
  });

  it('answers the usage route for a member, and a 503 envelope naming Prometheus once it stops', async () => {
    const from = minuteFloor(startedAt) - 60;
    const to = minuteFloor(Date.now() / 1000) + 120;
    const url = `/v3/service/${row.id}/usage?queryType=sum&from=${from}&to=${to}&metrics=billed_messages_total,bytes_total`;
    const answered = await callAs(app, team.user, 'GET', url);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual([
      { metricType: 'herald_billed_messages_total_sum', value: published.messages },
      { metricType: 'herald_bytes_total_sum', value: published.bytes },
    ]);

    await prometheus.stop();
    const refused = await callAs(app, team.user, 'GET', url);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: PROMETHEUS_MESSAGES.unreachable,
      requestId: expect.any(String),
    });
  });
});
