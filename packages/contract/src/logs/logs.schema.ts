import { z } from 'zod';
import { queryIntegerSchema, queryUnixSecondsSchema, unixMillisSchema } from '../common/fields';

/** The four kinds of log (spec section 2 "Logs screens"). */
export const LOG_KINDS = ['event', 'service', 'kafka-adapter', 'rest-adapter'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const logEntrySchema = z.object({
  /** Unix milliseconds. */
  timestamp: unixMillisSchema,
  level: z.enum(LOG_LEVELS),
  message: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** Where the entries came from (spec section 3), plus the cursor for "load more". */
export const logMetadataSchema = z.object({
  namespace: z.string(),
  pod: z.string(),
  app: z.string(),
  container: z.string(),
  hasMoreLogs: z.boolean(),
  /** Pass as `before` to load the next (older) page; null when hasMoreLogs is false. */
  cursor: z.string().nullable(),
});
export type LogMetadata = z.infer<typeof logMetadataSchema>;

/** Every logs call returns this (spec section 7 "return logDetails and metadata"). */
export const logsSchema = z.object({
  logDetails: z.array(logEntrySchema),
  metadata: logMetadataSchema,
});
export type Logs = z.infer<typeof logsSchema>;

export const LOGS_PAGE_SIZE = { default: 100, max: 1_000 } as const;

/**
 * Query of every logs call (section 7 "all take query parameters"; which ones is ours): newest
 * first, `limit` entries, older than the `before` cursor, optionally within [from, to] seconds.
 */
export const logsQuerySchema = z
  .strictObject({
    limit: queryIntegerSchema('limit', 1, LOGS_PAGE_SIZE.max).optional(),
    before: z.string().trim().min(1).max(256).optional(),
    from: queryUnixSecondsSchema('from').optional(),
    to: queryUnixSecondsSchema('to').optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type LogsQuery = z.input<typeof logsQuerySchema>;

/** Client-side state of one log view (section 3: loading flags for a first fetch and an append). */
export const logsStateSchema = logsSchema.extend({
  isLoading: z.boolean(),
  isAppending: z.boolean(),
});
export type LogsState = z.infer<typeof logsStateSchema>;
