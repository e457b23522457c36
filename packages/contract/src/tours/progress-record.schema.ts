import { z } from 'zod';
import { CLIENT_TOUR_STATES, PROGRESS_STATUSES } from '../constants';

export const progressStatusSchema = z.enum(PROGRESS_STATUSES);
export const clientTourStateSchema = z.enum(CLIENT_TOUR_STATES);

/**
 * A stage name: `featuretour-` plus the lower-cased tour name, or `all-tours-override`
 * (section 4). Kept to lower-case letters, digits, `-`, `_` and `.` so it is a clean path segment.
 */
export const stageNameSchema = z
  .string({ error: 'stageName is required' })
  .trim()
  .min(1, 'stageName is required')
  .max(100, 'stageName must be at most 100 characters')
  .regex(
    /^[a-z0-9][a-z0-9._-]*$/,
    'stageName may contain only lower-case letters, digits, ".", "_" and "-"',
  );

/**
 * Progress record, spec section 3 ("stageName plus other fields ... it also carries a status").
 * The other fields are ours: the last step reached and when the record last changed.
 */
export const progressRecordSchema = z.object({
  stageName: z.string(),
  status: progressStatusSchema,
  /** Index of the last step shown, for resuming a tour. */
  step: z.number().int().nonnegative().nullable(),
  /** ISO 8601. */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

/**
 * PUT /v3/user/progress-records/{stageName} "with the record". `stageName` may be repeated in the
 * body; when it is, it must equal the path's (the server checks).
 */
export const putProgressRecordRequestSchema = z.strictObject({
  stageName: stageNameSchema.optional(),
  status: z.enum(PROGRESS_STATUSES, { error: `status is one of ${PROGRESS_STATUSES.join(', ')}` }),
  step: z
    .number()
    .int('step must be a whole number')
    .nonnegative('step must not be negative')
    .nullable()
    .optional(),
});
export type PutProgressRecordRequest = z.infer<typeof putProgressRecordRequestSchema>;
