import type { FastifyBaseLogger } from 'fastify';
import { USAGE_METRIC_KINDS } from '@herald/contract/usage/usage-aggregate';
import type { UsagePoint } from '@herald/contract/usage/usage-periods';
import type { UsageMetric } from '@herald/contract/usage/usage.schema';
import type { Config } from '../../config';
import type { MetricsStore, UsageQuestion } from './metrics-store';
import { createPrometheusClient, type PrometheusClient } from './prometheus-client';
import {
  bucketPeakQuery,
  bucketSecondsFor,
  evaluationTime,
  serviceSelector,
  windowQuery,
  type PromqlAggregate,
} from './prometheus-promql';

export interface PrometheusMetricsStoreOptions {
  config: Pick<Config, 'prometheusUrl'>;
  logger: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The Prometheus metrics store (docs/decisions/022): a Prometheus server scrapes the runtimes itself (file-based
 * service discovery, prometheus-targets.ts) and the usage API is answered by PromQL (prometheus-promql.ts tells how
 * the answers match contract usage-aggregate.ts, and where they cannot).
 */
export function createPrometheusMetricsStore(options: PrometheusMetricsStoreOptions): MetricsStore {
  const baseUrl = options.config.prometheusUrl;
  if (!baseUrl) throw new Error('The Prometheus metrics store needs PROMETHEUS_URL');
  const client = createPrometheusClient({
    baseUrl,
    logger: options.logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });

  return {
    kind: 'prometheus',
    answer(question) {
      return answer(client, question);
    },
    async close() {
      // Nothing held open: each query is one HTTP request.
    },
  };
}

async function windowValue(
  client: PrometheusClient,
  question: UsageQuestion,
  aggregate: PromqlAggregate,
  from: number,
  to: number,
): Promise<number | null> {
  const selector = serviceSelector(question.serviceId, question.serviceName);
  const bucket = bucketSecondsFor(aggregate, [from, to]);
  const query = windowQuery(question.metric, aggregate, selector, to - from, bucket);
  const [value] = await client.instant(query, evaluationTime(to, bucket));
  return value ?? null;
}

async function answer(
  client: PrometheusClient,
  question: UsageQuestion,
): Promise<number | UsagePoint[]> {
  const { metric, queryType, from, to } = question;
  if (USAGE_METRIC_KINDS[metric] === 'counter') {
    if (queryType === 'sum' || queryType === 'increase') {
      return (await windowValue(client, question, 'counter-total', from, to)) ?? 0;
    }
    const perStep = await stepSeries(client, question, 'counter-total');
    if (queryType === 'histogram') return perStep;
    if (queryType === 'peak') return perStep.reduce((top, point) => Math.max(top, point.value), 0);
    return perStep.length === 0
      ? 0
      : perStep.reduce((lowest, point) => Math.min(lowest, point.value), Infinity);
  }
  switch (queryType) {
    case 'peak':
      return (await windowValue(client, question, 'gauge-peak', from, to)) ?? 0;
    case 'low':
      return (await windowValue(client, question, 'gauge-low', from, to)) ?? 0;
    case 'sum':
      return (await windowValue(client, question, 'gauge-minute-sum', from, to)) ?? 0;
    case 'histogram':
      return stepSeries(client, question, 'gauge-peak');
    case 'increase':
      return gaugeIncrease(client, question, metric);
  }
}

/** The last bucket's peak minus the first bucket's (contract: a gauge's `increase`). */
async function gaugeIncrease(
  client: PrometheusClient,
  question: UsageQuestion,
  metric: UsageMetric,
): Promise<number> {
  const { from, to } = question;
  const [firstGridTime, last] = await Promise.all([
    windowValue(client, question, 'gauge-first-time', from, to),
    windowValue(client, question, 'gauge-last', from, to),
  ]);
  if (firstGridTime === null || last === null) return 0;
  const selector = serviceSelector(question.serviceId, question.serviceName);
  const [first] = await client.instant(bucketPeakQuery(metric, selector), firstGridTime.toFixed(3));
  return last - (first ?? 0);
}

/**
 * One value per step of [from, to), zero-filled (contract zeroFilledSeries): counters add the buckets of a step,
 * gauges take their peak. Full steps come from one range query evaluated at each step's end; a last, shorter step
 * (when the range is not a whole number of steps) from one more instant query.
 */
async function stepSeries(
  client: PrometheusClient,
  question: UsageQuestion,
  aggregate: 'counter-total' | 'gauge-peak',
): Promise<UsagePoint[]> {
  const { from, to, step } = question;
  const stepCount = Math.max(0, Math.ceil((to - from) / step));
  const series: UsagePoint[] = Array.from({ length: stepCount }, (_, index) => ({
    timestamp: from + index * step,
    value: 0,
  }));
  const fullSteps = Math.floor((to - from) / step);
  const selector = serviceSelector(question.serviceId, question.serviceName);
  const combine = aggregate === 'counter-total' ? (a: number, b: number) => a + b : Math.max;
  const requests: Promise<void>[] = [];
  if (fullSteps > 0) {
    const bucket = bucketSecondsFor(aggregate, [from, step]);
    const query = windowQuery(question.metric, aggregate, selector, step, bucket);
    const first = evaluationTime(from + step, bucket);
    const last = evaluationTime(from + fullSteps * step, bucket);
    requests.push(
      client.range(query, first, last, step).then((points) => {
        for (const { time, value } of points) {
          // Evaluated at each step's end + one bucket - 1 ms (evaluationTime): back to the step's index.
          const index = Math.round((time - bucket + 0.001 - from) / step) - 1;
          const point = series[index];
          if (point) point.value = combine(point.value, value);
        }
      }),
    );
  }
  const lastStart = from + fullSteps * step;
  if (fullSteps < stepCount && lastStart < to) {
    requests.push(
      windowValue(client, question, aggregate, lastStart, to).then((value) => {
        const point = series[fullSteps];
        if (point && value !== null) point.value = combine(point.value, value);
      }),
    );
  }
  await Promise.all(requests);
  return series;
}
