import { z } from 'zod';
import { queryIntegerSchema, queryUnixSecondsSchema, unixMillisSchema } from '../common/fields';

/** The four kinds of log (spec section 2 "Logs screens"). */
export const LOG_KINDS = ['event', 'service', 'kafka-adapter', 'rest-adapter'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** Severity, least to most severe: a `level` filter keeps that level and the ones after it. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const logEntrySchema = z.object({
  /** Unique within the service's logs; newer entries of one log compare greater (see `after`). */
  id: z.string(),
  /** Unix milliseconds: when the line was written (the writer's clock). */
  timestamp: unixMillisSchema,
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  /** The line's structured fields besides time, level and message (e.g. clientId), when it had any. */
  fields: z.record(z.string(), z.unknown()).optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** Where the entries came from (spec section 3), plus the cursor for "load more". */
export const logMetadataSchema = z.object({
  namespace: z.string(),
  pod: z.string(),
  app: z.string(),
  container: z.string(),
  hasMoreLogs: z.boolean(),
  /** Pass as `cursor` to load the next (older) page; null when hasMoreLogs is false. */
  cursor: z.string().nullable(),
});
export type LogMetadata = z.infer<typeof logMetadataSchema>;

/** Every logs call returns this (spec section 7 "return logDetails and metadata"); entries newest first. */
export const logsSchema = z.object({
  logDetails: z.array(logEntrySchema),
  metadata: logMetadataSchema,
});
export type Logs = z.infer<typeof logsSchema>;

export const LOGS_PAGE_SIZE = { default: 100, max: 1_000 } as const;
export const LOG_SEARCH_MAX_LENGTH = 200;
/** An opaque cursor or entry id is never longer than this. */
const LOG_CURSOR_MAX_LENGTH = 256;

/**
 * Query of every logs call (section 7 "all take query parameters"; which ones is ours):
 * - `since` (inclusive) and `until` (exclusive), unix seconds, bound the entries' timestamps;
 * - `level`: the least severe level shown (`warn` shows warn and error);
 * - `search`: text the message or a field value contains, ignoring case;
 * - `limit`: entries per page (default 100, at most 1,000);
 * - `cursor`: from the previous page's metadata, for the next older page ("load more");
 * - `after`: an entry id; only entries newer than it (the live tail). Not with `cursor`.
 */
export const logsQuerySchema = z
  .strictObject({
    since: queryUnixSecondsSchema('since').optional(),
    until: queryUnixSecondsSchema('until').optional(),
    level: z.enum(LOG_LEVELS, { error: `level is one of ${LOG_LEVELS.join(', ')}` }).optional(),
    search: z
      .string()
      .trim()
      .max(LOG_SEARCH_MAX_LENGTH, `search must be at most ${LOG_SEARCH_MAX_LENGTH} characters`)
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    limit: queryIntegerSchema('limit', 1, LOGS_PAGE_SIZE.max).optional(),
    cursor: z
      .string()
      .trim()
      .min(1, 'cursor must not be empty')
      .max(LOG_CURSOR_MAX_LENGTH, 'cursor is not one this server gave out')
      .optional(),
    after: z
      .string()
      .trim()
      .min(1, 'after must not be empty')
      .max(LOG_CURSOR_MAX_LENGTH, 'after is not an entry id')
      .optional(),
  })
  .refine(
    (query) => query.since === undefined || query.until === undefined || query.since < query.until,
    { message: 'since must be before until', path: ['until'] },
  )
  .refine((query) => query.cursor === undefined || query.after === undefined, {
    message: 'Use cursor (older entries) or after (newer entries), not both',
    path: ['after'],
  });
export type LogsQuery = z.input<typeof logsQuerySchema>;
export type ParsedLogsQuery = z.output<typeof logsQuerySchema>;

/** Client-side state of one log view (section 3: loading flags for a first fetch and an append). */
export const logsStateSchema = logsSchema.extend({
  isLoading: z.boolean(),
  isAppending: z.boolean(),
});
export type LogsState = z.infer<typeof logsStateSchema>;

/** The Kafka adapters and REST adapter whose logs a service has (GET .../logs/sources): the adapter log pickers. */
export const logSourcesSchema = z.object({
  kafkaAdapters: z.array(z.object({ adapterId: z.string(), lastLogAt: unixMillisSchema })),
  restAdapter: z.object({ lastLogAt: unixMillisSchema }).nullable(),
});
export type LogSources = z.infer<typeof logSourcesSchema>;
