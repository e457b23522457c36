import { z } from 'zod';

/**
 * The wire shapes of topics (DATA-PLANE "Topics"), shared by the runtime's admin API, the control plane's
 * /v3/service/{serviceId}/topic* routes (which forward to it) and the web topic browser. Value rules per type live
 * in topic-values.ts; selectors in topic-selector.ts.
 */

export const TOPIC_TYPES = ['JSON', 'STRING', 'INT64', 'DOUBLE', 'BINARY', 'TIME_SERIES'] as const;
export const topicTypeSchema = z.enum(TOPIC_TYPES);
export type TopicType = z.infer<typeof topicTypeSchema>;

/** The value type of a time series' events: any type but TIME_SERIES itself. */
export const TIME_SERIES_EVENT_VALUE_TYPES = [
  'JSON',
  'STRING',
  'INT64',
  'DOUBLE',
  'BINARY',
] as const;
export const eventValueTypeSchema = z.enum(TIME_SERIES_EVENT_VALUE_TYPES);
export type EventValueType = z.infer<typeof eventValueTypeSchema>;

/** Topic property names (DATA-PLANE "Topics"); every value is a string, as the platform keeps them. */
export const TOPIC_PROPERTY_NAMES = [
  'PUBLISH_VALUES_ONLY',
  'DONT_RETAIN_VALUE',
  'PERSISTENT',
  'VALIDATE_VALUES',
  'TIME_SERIES_EVENT_VALUE_TYPE',
  'TIME_SERIES_RETAINED_RANGE',
  'TIME_SERIES_SUBSCRIPTION_RANGE',
  'REMOVAL',
  'CONFLATION',
  'COMPRESSION',
  'OWNER',
  'PRIORITY',
  'TIDY_ON_UNSUBSCRIBE',
  'SCHEMA',
] as const;
export const topicPropertyNameSchema = z.enum(TOPIC_PROPERTY_NAMES);
export type TopicPropertyName = z.infer<typeof topicPropertyNameSchema>;
export const topicPropertiesSchema = z.partialRecord(topicPropertyNameSchema, z.string().max(4096));
export type TopicProperties = z.infer<typeof topicPropertiesSchema>;

/** A topic path as sent on the wire (rules: topic-path.ts). */
export const topicPathSchema = z.string().min(1).max(4096);

/**
 * One topic. `value` is JSON for JSON topics, a string for STRING, a number for INT64 (a string of digits beyond
 * 2^53) and DOUBLE, base64 for BINARY; for TIME_SERIES the latest event's value; null when there is none.
 * `updatedAt` is ISO 8601: when the topic last changed (created, given a value or new properties).
 */
export const topicSchema = z.object({
  path: topicPathSchema,
  type: topicTypeSchema,
  properties: topicPropertiesSchema,
  value: z.unknown(),
  updatedAt: z.string().nullable(),
  /** The QoS of the last MQTT publish since the service started; null when none (or set from the dashboard). */
  qos: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .nullable()
    .optional(),
  /** Whether the service holds the value for new subscribers (the MQTT retained message). */
  retained: z.boolean().optional(),
});
export type Topic = z.infer<typeof topicSchema>;

/** A page of topics in path order; the next page starts `after` the last path. */
export const topicPageSchema = z.object({
  topics: z.array(topicSchema),
  hasMore: z.boolean(),
});
export type TopicPage = z.infer<typeof topicPageSchema>;

export const topicPageQuerySchema = z.strictObject({
  selector: z.string().max(4096).optional(),
  after: topicPathSchema.optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

/**
 * One level of the topic tree: the children of `parent` ('' for the root). A node is a path segment; it may be a
 * topic itself (`type` set) and may have topics below it (`descendants`: how many topics, at any depth, strictly
 * below it). `total` is the number of children of `parent` in all pages.
 */
export const topicTreeNodeSchema = z.object({
  name: z.string(),
  path: topicPathSchema,
  type: topicTypeSchema.nullable(),
  descendants: z.number().int().nonnegative(),
  /** MQTT publishes to it and every topic below it since the service started (rates come from two readings). */
  messages: z.number().int().nonnegative().optional(),
});
export type TopicTreeNode = z.infer<typeof topicTreeNodeSchema>;

export const topicTreeSchema = z.object({
  parent: z.string(),
  nodes: z.array(topicTreeNodeSchema),
  total: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type TopicTree = z.infer<typeof topicTreeSchema>;

/** Children are in name order; `after` is the last name of the previous page. Up to 10,000 per page. */
export const topicTreeQuerySchema = z.strictObject({
  parent: z.string().max(4096).optional(),
  after: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const topicCountSchema = z.object({ count: z.number().int().nonnegative() });
export const topicCountQuerySchema = z.strictObject({ selector: z.string().min(1).max(4096) });

export const topicPathQuerySchema = z.strictObject({ path: topicPathSchema });

/**
 * Create or update a topic. Creating needs `type` (properties default per type); updating may set a value, and
 * may not change the type. For TIME_SERIES, `value` appends an event.
 */
export const putTopicRequestSchema = z.strictObject({
  type: topicTypeSchema.optional(),
  properties: topicPropertiesSchema.optional(),
  value: z.unknown().optional(),
});
export type PutTopicRequest = z.infer<typeof putTopicRequestSchema>;

export const removeTopicsQuerySchema = z.strictObject({ selector: z.string().min(1).max(4096) });
export const removedTopicsSchema = z.object({ removed: z.number().int().nonnegative() });

/** One event of a time series topic; sequence numbers grow by one per event and are never reused. */
export const timeSeriesEventSchema = z.object({
  sequence: z.number().int().nonnegative(),
  timestamp: z.string(),
  value: z.unknown(),
});
export type TimeSeriesEvent = z.infer<typeof timeSeriesEventSchema>;

export const timeSeriesEventsSchema = z.object({
  path: topicPathSchema,
  events: z.array(timeSeriesEventSchema),
  hasMore: z.boolean(),
});
export type TimeSeriesEvents = z.infer<typeof timeSeriesEventsSchema>;

/** Events in sequence order from `after` + 1 (or the oldest retained); up to 1,000 per page. */
export const timeSeriesEventsQuerySchema = z.strictObject({
  path: topicPathSchema,
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
