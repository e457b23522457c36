import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ofrepContextSchema } from './ofrep-routes';

/**
 * Whose flags are being evaluated. Today: the context's targetingKey, as OFREP clients send it. Once sessions
 * exist this takes the signed-in user's id from `request` instead, so that a client cannot read another user's
 * targeted flags by naming them; the one place to change is here.
 */
export function targetingKeyFor(
  _request: FastifyRequest,
  bodyContext: z.output<typeof ofrepContextSchema> | undefined,
): string | undefined {
  return bodyContext?.targetingKey;
}
