import { z } from 'zod';
import { ACCOUNT_CLOSURE_REASONS } from '../constants';
import {
  FIELD_LIMITS,
  centsSchema,
  currencySchema,
  hexColorSchema,
  idSchema,
  jsonObjectSchema,
  optionalText,
  unixMillisSchema,
  unixSecondsSchema,
} from '../common/fields';
import { SERVICE_STATUSES } from './service-status';

export const serviceStatusSchema = z.enum(SERVICE_STATUSES);

/**
 * A herald version tag such as `6.11`, `6.11.2` or `6.11.2-rc1` (the displayed version drops the
 * part after the first dash, spec section 9).
 */
export const heraldVersionSchema = z
  .string({ error: 'A version is required' })
  .trim()
  .regex(/^\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?$/, 'A version looks like 6.11 or 6.11.2');

export const SERVICE_NAME_LIMITS = { min: 3, max: 40 } as const;

/**
 * A new service's name. It becomes the first label of the service's host name (section 9:
 * "Hostname is the service name plus the region"), so it follows DNS label rules: lower-case
 * letters, digits and hyphens, starting with a letter and not ending with a hyphen. Bounds are
 * ours (section 5 leaves them "not shown"). The server's name check reports these messages as
 * its `reason`.
 */
export const serviceNameSchema = z
  .string({ error: 'Service name is required' })
  .trim()
  .min(
    SERVICE_NAME_LIMITS.min,
    `Service name must be at least ${SERVICE_NAME_LIMITS.min} characters`,
  )
  .max(
    SERVICE_NAME_LIMITS.max,
    `Service name must be at most ${SERVICE_NAME_LIMITS.max} characters`,
  )
  .regex(/^[a-z]/, 'Service name must start with a lower-case letter')
  .regex(/^[a-z0-9-]+$/, 'Service name may contain only lower-case letters, digits and hyphens')
  .regex(/[a-z0-9]$/, 'Service name must not end with a hyphen');

/** A region id such as `eu-west-1.aws`; displayed as its first dot-segment upper-cased (section 9). */
export const regionSchema = z
  .string({ error: 'Region is required' })
  .trim()
  .min(1, 'Region is required')
  .max(FIELD_LIMITS.name)
  .regex(/^[a-z0-9][a-z0-9.-]*$/, 'Unknown region');

/** A billing plan name: free, basic, business, provider-prefixed variants, freeTrial or a tier's (section 9). */
export const billingPlanSchema = z
  .string({ error: 'Billing plan is required' })
  .trim()
  .min(1, 'Billing plan is required')
  .max(FIELD_LIMITS.name);

/** Alerts the owner opted into (spec section 3 interestedAlerts). */
export const interestedAlertsSchema = z.object({
  topicsCapacity: z.boolean(),
  remoteServer: z.boolean(),
});
export type InterestedAlerts = z.infer<typeof interestedAlertsSchema>;

export const consoleSettingsSchema = z.object({
  /** Null: no hint colour; the top bar keeps its default colour. */
  hintColor: hexColorSchema.nullable(),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

/**
 * A service's scheduled version update (section 3 scheduledUpdate, section 7 scheduled-update).
 * `scheduledTimestamp` is unix milliseconds (our choice; the spec says only that an immediate
 * update sends the current UTC time).
 */
export const scheduledUpdateSchema = z.object({
  newHeraldVersion: z.string(),
  scheduledTimestamp: unixMillisSchema,
});
export type ScheduledUpdate = z.infer<typeof scheduledUpdateSchema>;

/** POST /v3/service/{serviceId}/scheduled-update. */
export const scheduleUpdateRequestSchema = z.strictObject({
  newHeraldVersion: heraldVersionSchema,
  scheduledTimestamp: z
    .number({ error: 'scheduledTimestamp must be unix milliseconds' })
    .int('scheduledTimestamp must be unix milliseconds')
    .positive('scheduledTimestamp must be unix milliseconds'),
});
export type ScheduleUpdateRequest = z.infer<typeof scheduleUpdateRequestSchema>;

/**
 * Where a service is reached. `websocketUrl` is MQTT over WebSocket through the control plane's host
 * routing (`ws://{hostname}.{serviceDomain}:{port}/mqtt`); `mqttHost`/`mqttPort` is MQTT over TCP on the
 * service's own port (null while no port is assigned).
 */
export const serviceEndpointsSchema = z.object({
  websocketUrl: z.string(),
  mqttHost: z.string(),
  mqttPort: z.number().int().positive().nullable(),
});
export type ServiceEndpoints = z.infer<typeof serviceEndpointsSchema>;

/**
 * Service, spec section 3.
 *
 * Alternate spellings: `serviceId / serviceid`, `serviceName / service_name / servicename`,
 * `workspaceId / workspace_id`. The first is canonical and always sent; the others are optional
 * aliases carrying the same value (the status list and the messaging session read `servicename`).
 */
export const serviceSchema = z.object({
  serviceId: z.string(),
  /** Alias of `serviceId`. */
  serviceid: z.string().optional(),
  /** Display label; null shows the service name. */
  label: z.string().nullable(),
  serviceName: z.string(),
  /** Alias of `serviceName`. */
  service_name: z.string().optional(),
  /** Alias of `serviceName`. */
  servicename: z.string().optional(),
  region: z.string(),
  billingPlan: z.string(),
  /** A non-empty provisioning object means a Custom plan (section 9). */
  provisioning: jsonObjectSchema.nullable(),
  provisioningPlan: z.string().nullable(),
  upgradeAvailable: z.boolean(),
  heraldVersion: z.string(),
  workspaceId: z.string(),
  /** Alias of `workspaceId`. */
  workspace_id: z.string().optional(),
  /** The principal the dashboard acts as in the service (section 6). */
  principal: z.string(),
  active: z.boolean(),
  status: serviceStatusSchema,
  suspensionReason: z.enum(ACCOUNT_CLOSURE_REASONS).nullable(),
  useConsoleSso: z.boolean(),
  interestedAlerts: interestedAlertsSchema,
  consoleSettings: consoleSettingsSchema,
  /** More than 1 means high availability (section 9). */
  noOfNodes: z.number().int().positive(),
  sensitiveData: z.boolean(),
  freeTrial: z.boolean(),
  billingProvider: z.string().nullable(),
  hostname: z.string(),
  scheduledUpdate: scheduledUpdateSchema.nullable(),
  /** Free trial (section 9, docs/decisions/025): when it ends, unix ms; present while the service is a trial. */
  trialEndsAt: z.number().int().optional(),
  /** Billed messages the trial has used so far (its cap is FREE_TRIAL_MESSAGE_CAP), read once a minute. */
  trialMessagesUsed: z.number().int().nonnegative().optional(),
  /** When a service suspended by its trial is removed, unix ms (30 days after the suspension unless delayed). */
  removalDueAt: z.number().int().optional(),
  /** Where MQTT clients connect (not secret; beyond the spec's list, for the overview and the snippets). */
  endpoints: serviceEndpointsSchema,
});
export type Service = z.infer<typeof serviceSchema>;

/**
 * POST /v3/service/create. Node count follows from the tier: its `ha.clusterSize` when
 * `highAvailability` is on, otherwise 1 (section 9), so the client does not send it.
 */
export const createServiceRequestSchema = z.strictObject({
  workspaceId: idSchema,
  serviceName: serviceNameSchema,
  label: optionalText('Label'),
  region: regionSchema,
  billingPlan: billingPlanSchema,
  /** Absent: the latest herald version (metadata latestHeraldVersion). */
  heraldVersion: heraldVersionSchema.optional(),
  highAvailability: z.boolean().optional(),
  sensitiveData: z.boolean().optional(),
  /** Activate the free trial (section 9: tiers xsmall and small only; the server enforces). */
  freeTrial: z.boolean().optional(),
});
export type CreateServiceRequest = z.infer<typeof createServiceRequestSchema>;

/** GET /v3/service/{serviceName}/check (section 5: the reason is shown as feedback). */
export const serviceNameCheckSchema = z.object({
  valid: z.boolean(),
  reason: z.string().optional(),
});
export type ServiceNameCheck = z.infer<typeof serviceNameCheckSchema>;

/** GET /v3/generate-service-name. */
export const generatedServiceNameSchema = z.object({ data: z.string() });
export type GeneratedServiceName = z.infer<typeof generatedServiceNameSchema>;

/**
 * Service API details, spec section 3 (the API token page). GET answers with `client_secret`,
 * `access_token` and both headers masked (`MASKED_SECRET_PREFIX` + the last 4 characters); the
 * reveal call answers with them in full and fresh tokens (docs/decisions/010).
 */
export const serviceApiDetailsSchema = z.object({
  client_id: z.string(),
  authentication_url: z.string(),
  authorization_header: z.string(),
  read_only_authorization_header: z.string(),
  service_api_url: z.string(),
  client_secret: z.string(),
  access_token: z.string(),
});
export type ServiceApiDetails = z.infer<typeof serviceApiDetailsSchema>;

/**
 * Billing period, spec section 3. Times are unix seconds on the wire; the client converts them
 * to milliseconds. `latest` is null before the first invoice.
 */
export const billingPeriodSchema = z.object({
  current: z.object({ start: unixSecondsSchema, end: unixSecondsSchema }),
  latest: z
    .object({ start: unixSecondsSchema, end: unixSecondsSchema, amount: centsSchema })
    .nullable(),
});
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

/** Live metrics, spec section 3 (polled every 15 s). */
export const liveMetricsSchema = z.object({
  sessions: z.number().int().nonnegative(),
  topics: z.number().int().nonnegative(),
  /** The plan's topic limit (DATA-PLANE "Topics"). */
  topicsCapacity: z.number().int().nonnegative(),
});
export type LiveMetrics = z.infer<typeof liveMetricsSchema>;

/** GET /v3/service/{serviceId}/status, and the reply of restart, cancel and reset-topic-tree. */
export const serviceStatusResponseSchema = z.object({
  serviceId: z.string(),
  status: serviceStatusSchema,
  suspensionReason: z.enum(ACCOUNT_CLOSURE_REASONS).nullable().optional(),
});
export type ServiceStatusResponse = z.infer<typeof serviceStatusResponseSchema>;

/** POST /v3/service/{serviceId}/interested-alerts {interestedAlerts}. */
export const updateInterestedAlertsRequestSchema = z.strictObject({
  interestedAlerts: z.strictObject({
    topicsCapacity: z.boolean({ error: 'topicsCapacity must be true or false' }),
    remoteServer: z.boolean({ error: 'remoteServer must be true or false' }),
  }),
});
export type UpdateInterestedAlertsRequest = z.infer<typeof updateInterestedAlertsRequestSchema>;

/** PATCH /v3/service/{serviceId}/update-additional-property (sensitiveData). */
export const updateAdditionalPropertyRequestSchema = z.strictObject({
  sensitiveData: z.boolean({ error: 'sensitiveData must be true or false' }),
});
export type UpdateAdditionalPropertyRequest = z.infer<typeof updateAdditionalPropertyRequestSchema>;

/** PUT /v3/service/{serviceId}/console-settings: the hint colour and console single sign-on. */
export const updateConsoleSettingsRequestSchema = z.strictObject({
  hintColor: hexColorSchema.nullable(),
  useConsoleSso: z.boolean().optional(),
});
export type UpdateConsoleSettingsRequest = z.infer<typeof updateConsoleSettingsRequestSchema>;

/** Credit, spec section 3: amount in cents, shown in whole currency units (section 9). */
export const creditSchema = z.object({
  amount: centsSchema,
  currency: currencySchema,
});
export type Credit = z.infer<typeof creditSchema>;

/** Masked secrets start with this; the last 4 characters of the secret follow. */
export const MASKED_SECRET_PREFIX = '••••••••';

/** POST /v3/service-api/token: the OAuth 2.0 client-credentials grant (RFC 6749 section 4.4). */
export const serviceTokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials', {
    error: "grant_type must be 'client_credentials'",
  }),
  /** May come in the Basic authorization header instead (RFC 6749 section 2.3.1). */
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
  /** `read write` (default) or `read`. */
  scope: z.string().max(100).optional(),
});
export type ServiceTokenRequest = z.infer<typeof serviceTokenRequestSchema>;

/** RFC 6749 section 5.1 access token response. */
export const serviceTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string(),
});
export type ServiceTokenResponse = z.infer<typeof serviceTokenResponseSchema>;

/** A public JSON Web Key Set (RFC 7517) the runtimes verify tokens against. */
export const jwksSchema = z.object({
  keys: z.array(z.record(z.string(), z.unknown())),
});
export type Jwks = z.infer<typeof jwksSchema>;
