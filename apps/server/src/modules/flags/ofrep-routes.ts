import { defineRoute } from '@herald/contract/api/define-route';
import { z } from 'zod';

/**
 * The OpenFeature Remote Evaluation Protocol (OFREP, open-feature/protocol): the SPA's OFREP web provider
 * evaluates flags here. The wire format is OFREP's, not the /v3 error envelope, because the client is OFREP's.
 */
export const ofrepContextSchema = z.looseObject({
  targetingKey: z.string().min(1).optional(),
});

// An empty POST (Fastify hands the validator null) is an empty context.
export const ofrepRequestSchema = z.object({ context: ofrepContextSchema.optional() }).nullish();

export const ofrepSuccessSchema = z.object({
  key: z.string(),
  value: z.boolean(),
  reason: z.string(),
  variant: z.string(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

export const OFREP_ERROR_CODES = [
  'PARSE_ERROR',
  'TARGETING_KEY_MISSING',
  'INVALID_CONTEXT',
  'FLAG_NOT_FOUND',
  'TYPE_MISMATCH',
  'GENERAL',
] as const;

export const ofrepFailureSchema = z.object({
  key: z.string().optional(),
  errorCode: z.enum(OFREP_ERROR_CODES),
  errorDetails: z.string().optional(),
});

/**
 * An OFREP failure answered as an HTTP error (400, 404): OFREP's members for OpenFeature clients, and beside them the
 * envelope's `code`, `message` and `requestId` that every error of this server carries (issue 25).
 */
export const ofrepErrorAnswerSchema = ofrepFailureSchema.extend({
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
});

export const ofrepBulkSchema = z.object({
  flags: z.array(z.union([ofrepSuccessSchema, ofrepFailureSchema.required({ key: true })])),
});

export type OfrepSuccess = z.infer<typeof ofrepSuccessSchema>;
export type OfrepFailure = z.infer<typeof ofrepFailureSchema>;
export type OfrepErrorAnswer = z.infer<typeof ofrepErrorAnswerSchema>;

export const ofrepRoutes = {
  ofrepEvaluateFlags: defineRoute({
    method: 'POST',
    path: '/ofrep/v1/evaluate/flags',
    summary: 'Evaluate every feature flag for an evaluation context (OFREP bulk evaluation)',
    tags: ['flags'],
    access: 'public',
    body: ofrepRequestSchema,
    responses: { 200: ofrepBulkSchema, 400: ofrepErrorAnswerSchema },
  }),
  ofrepEvaluateFlag: defineRoute({
    method: 'POST',
    path: '/ofrep/v1/evaluate/flags/{key}',
    summary: 'Evaluate one feature flag for an evaluation context (OFREP single evaluation)',
    tags: ['flags'],
    access: 'public',
    params: z.object({ key: z.string() }),
    body: ofrepRequestSchema,
    responses: {
      200: ofrepSuccessSchema,
      400: ofrepErrorAnswerSchema,
      404: ofrepErrorAnswerSchema,
    },
  }),
} as const;
