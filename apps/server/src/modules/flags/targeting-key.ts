import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ofrepContextSchema } from './ofrep-routes';

/**
 * Whose flags are being evaluated: the signed-in user's id (spec section 1: flags are "queried with the user id as
 * context"), taken from the request's session and never from the body, so that a client cannot read another
 * user's targeted flags by naming them. Without a session there is no targeting key: every flag answers its
 * default. The body's `targetingKey` (sent by OFREP clients) is accepted and ignored.
 */
export function targetingKeyFor(
  request: FastifyRequest,
  _bodyContext: z.output<typeof ofrepContextSchema> | undefined,
): string | undefined {
  return request.session?.userId;
}
