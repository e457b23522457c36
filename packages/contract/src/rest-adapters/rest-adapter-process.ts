import { z } from 'zod';
import { keyValuePairSchema, restEndpointSchema } from './rest-api.schema';

/**
 * What the control plane hands the service's REST adapter process (issue 28), and what the process answers on its
 * loopback HTTP port. The settings travel in one environment variable with the authentication secrets in clear
 * (never a file, never a log line), parsed with this schema at the start: a wrong shape stops the process with the
 * issue named. A change to the APIs restarts the process (the kind's restart generation); the process keeps each
 * endpoint's validators, last poll and last value in `rest-adapter-state.json` in its data folder, so a restart
 * neither publishes an unchanged body again nor forgets what the screens show.
 */
export const REST_ADAPTER_CONFIG_ENV = 'HERALD_REST_ADAPTER_CONFIG';

/** The operator's allow list (allowed-hosts.ts), passed to the process under the same name. */
export const REST_ADAPTER_ALLOWED_HOSTS_ENV = 'REST_ADAPTER_ALLOWED_HOSTS';

/** The process's file stem in the service's folder: `rest-adapter.log` is what the logs screen reads. */
export const REST_ADAPTER_FILE_STEM = 'rest-adapter';

/** The authentication with its secret, as only the process sees it. */
export const restProcessAuthenticationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('basic'), username: z.string(), password: z.string() }),
  z.object({ type: z.literal('bearer'), token: z.string() }),
]);
export type RestProcessAuthentication = z.infer<typeof restProcessAuthenticationSchema>;

export const restProcessApiSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  headers: z.array(keyValuePairSchema),
  baseUrl: z.string(),
  baseTopicPath: z.string(),
  authentication: restProcessAuthenticationSchema,
  queryParameters: z.array(keyValuePairSchema),
  endpoints: z.array(restEndpointSchema),
});
export type RestProcessApi = z.infer<typeof restProcessApiSchema>;

export const restAdapterProcessConfigSchema = z.object({
  adapterId: z.string().min(1),
  apis: z.array(restProcessApiSchema),
});
export type RestAdapterProcessConfig = z.infer<typeof restAdapterProcessConfigSchema>;

/** The topic type a response makes (DATA-PLANE "Adapters"): JSON body → JSON, text → STRING, anything else BINARY. */
export const REST_VALUE_TYPES = ['JSON', 'STRING', 'BINARY'] as const;
export type RestValueType = (typeof REST_VALUE_TYPES)[number];

/** How a poll ended. */
export const REST_POLL_OUTCOMES = [
  /** The value changed and is on its topic. */
  'published',
  /** The API answered 304, or the same body (after the value pointer) as last time: nothing published. */
  'unchanged',
  /** An HTTP error status, a timeout, a refused address, a body over the limit, a pointer that found nothing... */
  'failed',
] as const;
export type RestPollOutcome = (typeof REST_POLL_OUTCOMES)[number];

/** A value as people read it: text as is, binary as base64, cut at the preview size. */
export const restValuePreviewSchema = z.object({
  type: z.enum(REST_VALUE_TYPES),
  /** Text (JSON or STRING) or base64 (BINARY), at most REST_PREVIEW_MAX_BYTES of it. */
  preview: z.string(),
  /** The whole value's size in bytes. */
  bytes: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type RestValuePreview = z.infer<typeof restValuePreviewSchema>;

/** What the screens show of a value: the first 4 KiB. */
export const REST_PREVIEW_MAX_BYTES = 4_096;

/** One poll, as "Poll now" and the preview show it: what the API answered and which topic it became. */
export const restPollResultSchema = z.object({
  apiId: z.string(),
  /** Absent for a preview of an endpoint not saved yet. */
  endpointId: z.string().nullable(),
  /** The URL polled, its query values shown as `***` (they may hold keys). */
  url: z.string(),
  topicPath: z.string(),
  outcome: z.enum(REST_POLL_OUTCOMES),
  /** The HTTP status, null when no answer came (timeout, refused address, connection error). */
  status: z.number().int().nullable(),
  contentType: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** The body as received (null: none), and the value after the value pointer. */
  body: restValuePreviewSchema.nullable(),
  value: restValuePreviewSchema.nullable(),
  /** Whether the value was published (never for a preview). */
  published: z.boolean(),
  /** In words, with its cause, when the outcome is `failed`. */
  error: z.string().nullable(),
  /** Unix milliseconds of the poll's start. */
  at: z.number().int().nonnegative(),
});
export type RestPollResult = z.infer<typeof restPollResultSchema>;

/** Each endpoint's last poll, as the process's `GET /state` reports it. */
export const restEndpointStateSchema = z.object({
  apiId: z.string(),
  endpointId: z.string(),
  topicPath: z.string(),
  /** null: not polled yet. */
  lastPollAt: z.number().int().nonnegative().nullable(),
  lastOutcome: z.enum(REST_POLL_OUTCOMES).nullable(),
  lastStatus: z.number().int().nullable(),
  lastDurationMs: z.number().int().nonnegative().nullable(),
  lastError: z.string().nullable(),
  /** The last value published to the topic, and when. */
  lastValue: restValuePreviewSchema.nullable(),
  lastValueAt: z.number().int().nonnegative().nullable(),
  /** Failures in a row (backoff grows with them); 0 after a success. */
  consecutiveFailures: z.number().int().nonnegative(),
  nextPollAt: z.number().int().nonnegative().nullable(),
});
export type RestEndpointState = z.infer<typeof restEndpointStateSchema>;

export const restAdapterProcessStateSchema = z.object({
  endpoints: z.array(restEndpointStateSchema),
});
export type RestAdapterProcessState = z.infer<typeof restAdapterProcessStateSchema>;

/**
 * The process's loopback endpoints. All but /health answer only the adapter's own credential (a service token of its
 * service with subject `rest-adapter:{adapterId}`, as the Kafka adapter's caller-auth); /metrics also the metrics
 * token.
 */
export const REST_ADAPTER_PROCESS_PATHS = {
  health: '/health',
  /** `{ workloadId, pid }`: the re-attach proof. */
  identity: '/identity',
  /** restAdapterProcessStateSchema. */
  state: '/state',
  metrics: '/metrics',
  /** POST restPollNowRequestSchema → restPollResultSchema: polls a configured endpoint now and publishes a change. */
  poll: '/poll',
  /** POST restPreviewRequestSchema → restPollResultSchema: polls an unsaved endpoint once and publishes nothing. */
  preview: '/preview',
} as const;

export const restPollNowRequestSchema = z.object({ apiId: z.string(), endpointId: z.string() });
export type RestPollNowRequest = z.infer<typeof restPollNowRequestSchema>;

/**
 * A preview: the API's settings (its stored secrets filled in by the control plane) and the endpoint as typed, so the
 * form shows what a path and value pointer give before saving; through the same address checks as every poll.
 */
export const restPreviewRequestSchema = z.object({
  api: restProcessApiSchema.omit({ endpoints: true }),
  endpoint: z.object({
    path: z.string(),
    topicPath: z.string().nullable(),
    valuePointer: z.string().nullable(),
  }),
});
export type RestPreviewRequest = z.infer<typeof restPreviewRequestSchema>;
