import { z } from 'zod';
import { FIELD_LIMITS, httpUrlSchema, requiredText } from '../common/fields';
import { parseValuePointer } from './value-pointer';

/**
 * REST APIs polled by a service's REST adapter (spec section 3 "REST API", DATA-PLANE "Adapters"):
 * the runtime polls `baseUrl` + each endpoint's path and publishes the response under
 * `baseTopicPath` + the endpoint's topic path.
 */

/** A name/value pair, used for request headers and query parameters (order kept as entered). */
export const keyValuePairSchema = z.object({ name: z.string(), value: z.string() });
export type KeyValuePair = z.infer<typeof keyValuePairSchema>;

const keyValuePairInputSchema = z.strictObject({
  name: requiredText('Name', 256),
  value: z.string().max(FIELD_LIMITS.text, `Value must be at most ${FIELD_LIMITS.text} characters`),
});

export const REST_AUTHENTICATION_TYPES = ['none', 'basic', 'bearer'] as const;

/**
 * How the adapter authenticates to the polled API. The spec names the field only; the shape is
 * ours. Secrets are write-only: responses carry `type` and `username`, never `password`/`token`.
 */
export const restAuthenticationSchema = z.object({
  type: z.enum(REST_AUTHENTICATION_TYPES),
  username: z.string().optional(),
});
export type RestAuthentication = z.infer<typeof restAuthenticationSchema>;

export const restAuthenticationInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({
    type: z.literal('basic'),
    username: requiredText('Username', 256),
    /** Absent on update: keep the stored password. */
    password: z.string().min(1, 'Password is required').max(FIELD_LIMITS.text).optional(),
  }),
  z.strictObject({
    type: z.literal('bearer'),
    /** Absent on update: keep the stored token. */
    token: z.string().min(1, 'Token is required').max(FIELD_LIMITS.url).optional(),
  }),
]);
export type RestAuthenticationInput = z.infer<typeof restAuthenticationInputSchema>;

/**
 * A topic path: `/`-separated segments, no empty segment, no leading or trailing `/`
 * (DATA-PLANE "Topics").
 */
export const topicPathSchema = z
  .string()
  .trim()
  .max(FIELD_LIMITS.text, `A topic path must be at most ${FIELD_LIMITS.text} characters`)
  .regex(/^[^/]+(?:\/[^/]+)*$/, 'A topic path has no empty segment and no leading or trailing "/"');

/** A topic path the REST adapter publishes to over MQTT: no wildcard (`+`, `#`) and no NUL can be published to. */
const publishableTopicPathSchema = topicPathSchema.refine(
  (path) => !/[+#]/.test(path) && !path.includes('\0'),
  'A topic path cannot contain "+", "#" or NUL',
);

/**
 * An endpoint of a REST API. The spec's `pathname` and `url` are derived by the client from
 * `baseUrl` and `path`, so they are not on the wire.
 */
export const restEndpointSchema = z.object({
  id: z.string(),
  /** Path relative to the API's baseUrl, e.g. `/v1/prices?currency=eur`. */
  path: z.string(),
  /** Topic path under baseTopicPath; null: derived from `path`. */
  topicPath: z.string().nullable(),
  /** Polling interval in milliseconds. */
  pollIntervalMs: z.number().int().positive(),
  /** Ours (issue 28 item 6): the part of a JSON response the topic carries (value-pointer.ts); null: all of it. */
  valuePointer: z.string().nullable(),
});
export type RestEndpoint = z.infer<typeof restEndpointSchema>;

export const REST_POLL_INTERVAL_LIMITS_MS = {
  min: 1_000,
  max: 24 * 60 * 60 * 1_000,
  default: 60_000,
} as const;

/** POST /apis/{apiId}/endpoints and PUT .../endpoints/{endpointId}. */
export const restEndpointInputSchema = z.strictObject({
  path: z
    .string({ error: 'Path is required' })
    .trim()
    .min(1, 'Path is required')
    .max(FIELD_LIMITS.url)
    .regex(/^\//, 'Path must start with "/"'),
  topicPath: publishableTopicPathSchema.optional(),
  valuePointer: z
    .string()
    .trim()
    .superRefine((text, context) => {
      const parsed = parseValuePointer(text);
      if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error });
    })
    .optional(),
  pollIntervalMs: z
    .number()
    .int()
    .min(REST_POLL_INTERVAL_LIMITS_MS.min, 'Poll at most once a second')
    .max(REST_POLL_INTERVAL_LIMITS_MS.max, 'Poll at least once a day')
    .optional(),
});
export type RestEndpointInput = z.infer<typeof restEndpointInputSchema>;

/** REST API, spec section 3. */
export const restApiSchema = z.object({
  id: z.string(),
  label: z.string(),
  headers: z.array(keyValuePairSchema),
  baseUrl: z.string(),
  /** Empty: endpoints publish at the root (flag rest.adapter.base.topic.path hides the field). */
  baseTopicPath: z.string(),
  authentication: restAuthenticationSchema,
  queryParameters: z.array(keyValuePairSchema),
  endpoints: z.array(restEndpointSchema),
});
export type RestApi = z.infer<typeof restApiSchema>;

/**
 * PUT /apis/{apiId} body (section 7: label, headers, baseUrl, baseTopicPath, authentication,
 * queryParameters). POST /apis takes the same, plus optional initial endpoints.
 */
export const restApiInputSchema = z.strictObject({
  label: requiredText('Label'),
  headers: z.array(keyValuePairInputSchema).max(50, 'At most 50 headers').default([]),
  baseUrl: httpUrlSchema,
  baseTopicPath: z.union([z.literal(''), publishableTopicPathSchema]).default(''),
  authentication: restAuthenticationInputSchema.default({ type: 'none' }),
  queryParameters: z
    .array(keyValuePairInputSchema)
    .max(50, 'At most 50 query parameters')
    .default([]),
});
export type RestApiInput = z.input<typeof restApiInputSchema>;

export const createRestApiRequestSchema = restApiInputSchema.extend({
  endpoints: z.array(restEndpointInputSchema).max(100, 'At most 100 endpoints').optional(),
});
export type CreateRestApiRequest = z.input<typeof createRestApiRequestSchema>;

/** The service's REST adapter (POST /rest/upsert-service creates it or updates its version). */
export const restAdapterServiceSchema = z.object({
  adapterId: z.string(),
  type: z.literal('rest-gateway'),
  version: z.string(),
  active: z.boolean(),
});
export type RestAdapterService = z.infer<typeof restAdapterServiceSchema>;

export const upsertRestAdapterServiceRequestSchema = z.strictObject({
  /** Absent: the latest rest-gateway version compatible with the service (section 5). */
  version: z.string().trim().min(1).max(64).optional(),
  active: z.boolean().optional(),
});
export type UpsertRestAdapterServiceRequest = z.infer<typeof upsertRestAdapterServiceRequestSchema>;
