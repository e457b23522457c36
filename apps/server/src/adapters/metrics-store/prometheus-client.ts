import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { HttpError } from '../../lib/http-error';

/** A small client of Prometheus's HTTP query API (/api/v1/query and /api/v1/query_range). */
export interface PrometheusClient {
  /** One number per series at `time` (unix seconds with ms, as a string). */
  instant(query: string, time: string): Promise<number[]>;
  /** Points of every series, evaluated from `start` to `end` every `step` seconds. */
  range(
    query: string,
    start: string,
    end: string,
    step: number,
  ): Promise<{ time: number; value: number }[]>;
}

const sampleSchema = z.tuple([z.number(), z.string()]);
const answerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    data: z.discriminatedUnion('resultType', [
      z.object({
        resultType: z.literal('vector'),
        result: z.array(z.object({ value: sampleSchema })),
      }),
      z.object({
        resultType: z.literal('matrix'),
        result: z.array(z.object({ values: z.array(sampleSchema) })),
      }),
      z.object({ resultType: z.literal('scalar'), result: sampleSchema }),
    ]),
  }),
  z.object({ status: z.literal('error'), errorType: z.string(), error: z.string() }),
]);

export const PROMETHEUS_MESSAGES = {
  unreachable:
    'Usage is unavailable: the Prometheus server does not answer. Try again in a moment.',
  badAnswer: 'Usage is unavailable: the Prometheus server gave an answer that cannot be read.',
} as const;

export interface PrometheusClientOptions {
  baseUrl: string;
  logger: FastifyBaseLogger;
  fetch?: typeof fetch;
  /** A slow Prometheus fails the request instead of holding it (default 10 s). */
  timeoutMs?: number;
}

function readNumber(text: string): number {
  const value = Number(text);
  // NaN or infinities (e.g. an empty min over nothing) carry no usage.
  return Number.isFinite(value) ? value : 0;
}

export function createPrometheusClient(options: PrometheusClientOptions): PrometheusClient {
  const { baseUrl, logger } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(endpoint: 'query' | 'query_range', params: Record<string, string>) {
    let response: Response;
    try {
      // POST with a form body: long expressions never hit a URL length limit.
      response = await doFetch(`${baseUrl}/api/v1/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      logger.warn({ err: error, endpoint }, 'Prometheus did not answer a usage query');
      throw new HttpError(503, ERROR_CODES.unavailable, PROMETHEUS_MESSAGES.unreachable, {
        headers: { 'retry-after': '10' },
      });
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (_error) {
      json = undefined;
    }
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success || parsed.data.status === 'error') {
      logger.warn(
        {
          endpoint,
          status: response.status,
          answer: parsed.success ? parsed.data : text.slice(0, 500),
          query: params.query,
        },
        'Prometheus answered a usage query with an error',
      );
      throw new HttpError(502, ERROR_CODES.unavailable, PROMETHEUS_MESSAGES.badAnswer);
    }
    return parsed.data.data;
  }

  return {
    async instant(query, time) {
      const data = await call('query', { query, time });
      if (data.resultType === 'scalar') return [readNumber(data.result[1])];
      if (data.resultType === 'vector') return data.result.map(({ value }) => readNumber(value[1]));
      throw new HttpError(502, ERROR_CODES.unavailable, PROMETHEUS_MESSAGES.badAnswer);
    },
    async range(query, start, end, step) {
      const data = await call('query_range', { query, start, end, step: String(step) });
      if (data.resultType !== 'matrix') {
        throw new HttpError(502, ERROR_CODES.unavailable, PROMETHEUS_MESSAGES.badAnswer);
      }
      return data.result.flatMap(({ values }) =>
        values.map(([time, value]) => ({ time, value: readNumber(value) })),
      );
    },
  };
}
