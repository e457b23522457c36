import { z } from 'zod';
import { queryIntegerSchema, queryUnixSecondsSchema } from '../common/fields';

/** Spec section 7 "Usage". */
export const USAGE_QUERY_TYPES = ['sum', 'peak', 'low', 'increase', 'histogram'] as const;
export type UsageQueryType = (typeof USAGE_QUERY_TYPES)[number];

/**
 * `messages_in_total` (ours, beside the spec's four) counts the messages clients published; the billed messages are
 * those plus the messages delivered to clients (docs/decisions/022), so what was delivered is the difference.
 */
export const USAGE_METRICS = [
  'bytes_total',
  'billed_messages_total',
  'messages_in_total',
  'adapter_billed_messages_total',
  'sessions',
  'topics',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** The metric type of a response item: `herald_<metric>_<queryType>`, e.g. `herald_sessions_peak`. */
export function usageMetricType(metric: UsageMetric, queryType: UsageQueryType): string {
  return `herald_${metric}_${queryType}`;
}

/** The metric types the dashboard reads (section 7). */
export const USAGE_METRIC_TYPES = {
  billedMessagesSum: usageMetricType('billed_messages_total', 'sum'),
  messagesInSum: usageMetricType('messages_in_total', 'sum'),
  bytesSum: usageMetricType('bytes_total', 'sum'),
  sessionsPeak: usageMetricType('sessions', 'peak'),
  topicsPeak: usageMetricType('topics', 'peak'),
  sessionsLow: usageMetricType('sessions', 'low'),
  billedMessagesHistogram: usageMetricType('billed_messages_total', 'histogram'),
  sessionsHistogram: usageMetricType('sessions', 'histogram'),
} as const;

/** Steps are at least a minute (the hourly view's step, section 9) and at most a day. */
export const USAGE_STEP_LIMITS_SECONDS = { min: 60, max: 86_400 } as const;

/**
 * GET /v3/service/{serviceId}/usage query. `metrics` is a comma-separated list
 * (e.g. `sessions,topics`); `customStep` (seconds) sets the series step of histograms.
 */
export const usageQuerySchema = z
  .strictObject({
    queryType: z.enum(USAGE_QUERY_TYPES, {
      error: `queryType is one of ${USAGE_QUERY_TYPES.join(', ')}`,
    }),
    from: queryUnixSecondsSchema('from'),
    to: queryUnixSecondsSchema('to'),
    metrics: z
      .string({ error: 'metrics is required' })
      .transform((value) => value.split(',').map((metric) => metric.trim()))
      .pipe(
        z
          .array(
            z.enum(USAGE_METRICS, { error: `Each metric is one of ${USAGE_METRICS.join(', ')}` }),
          )
          .min(1, 'Name at least one metric'),
      ),
    customStep: queryIntegerSchema(
      'customStep',
      USAGE_STEP_LIMITS_SECONDS.min,
      USAGE_STEP_LIMITS_SECONDS.max,
    ).optional(),
  })
  .refine((query) => query.from < query.to, { message: 'from must be before to', path: ['to'] });
export type UsageQuery = z.input<typeof usageQuerySchema>;

/** A point of a series (section 3): timestamp in unix seconds, and the value. */
export const usagePointSchema = z.object({ timestamp: z.number().int(), value: z.number() });
export type UsagePoint = z.infer<typeof usagePointSchema>;

/** One response item: a single `value` (sum, peak, low, increase) or a `valueList` (histogram). */
export const usageItemSchema = z.object({
  metricType: z.string(),
  value: z.number().optional(),
  valueList: z.array(usagePointSchema).optional(),
});
export type UsageItem = z.infer<typeof usageItemSchema>;

export const usageResponseSchema = z.array(usageItemSchema);

/** Usage metrics of one service over one period, as the usage screen shows them (section 3). */
export const usageMetricsSchema = z.object({
  /** `total` is what is billed: `published` (in) plus `delivered` (out). */
  messages: z.object({
    series: z.array(usagePointSchema),
    total: z.number(),
    published: z.number(),
    delivered: z.number(),
  }),
  sessions: z.object({ series: z.array(usagePointSchema), peak: z.number(), low: z.number() }),
  topics: z.object({ series: z.array(usagePointSchema), peak: z.number() }),
  bytesTotal: z.number(),
});
export type UsageMetrics = z.infer<typeof usageMetricsSchema>;
