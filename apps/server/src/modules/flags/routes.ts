import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeOfStatus, handleError, validationIssues } from '../../plugins/error-handler';
import { registerRoute } from '../../plugins/route-registry';
import type { OfrepErrorAnswer, OfrepFailure } from './ofrep-routes';
import { ofrepRoutes } from './ofrep-routes';
import { etagOf, evaluateFlag, matchesIfNoneMatch } from './ofrep.service';
import { targetingKeyFor } from './targeting-key';

/** HTTP status of an OFREP failure: OFREP clients read 400 and 404 bodies, anything else is unexpected. */
const STATUS_BY_ERROR_CODE: Partial<Record<OfrepFailure['errorCode'], number>> = {
  FLAG_NOT_FOUND: 404,
  PARSE_ERROR: 400,
  INVALID_CONTEXT: 400,
  TARGETING_KEY_MISSING: 400,
};

/** An OFREP failure as an HTTP error: OFREP's members and the envelope's (ofrepErrorAnswerSchema). */
function sendOfrepFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  failure: OfrepFailure,
): FastifyReply {
  return reply.code(status).send({
    ...failure,
    code: errorCodeOfStatus(status),
    message: failure.errorDetails ?? failure.errorCode,
    requestId: request.id,
  } satisfies OfrepErrorAnswer);
}

function sendInvalidContext(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError,
): FastifyReply {
  const details = validationIssues(error)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  return sendOfrepFailure(request, reply, 400, {
    errorCode: 'INVALID_CONTEXT',
    errorDetails: details,
  });
}

/** OFREP's failure shape for what the client sent wrong; the common envelope for everything else. */
function handleOfrepError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.validation) return sendInvalidContext(request, reply, error);
  if (error.statusCode === 400) {
    return sendOfrepFailure(request, reply, 400, {
      errorCode: 'PARSE_ERROR',
      errorDetails: 'The body is not valid JSON',
    });
  }
  return handleError(error, request, reply);
}

export async function flagRoutes(app: FastifyInstance): Promise<void> {
  const ofrepOptions = { attachValidation: true, errorHandler: handleOfrepError };

  registerRoute(
    app,
    ofrepRoutes.ofrepEvaluateFlags,
    async (request, reply) => {
      if (request.validationError)
        return sendInvalidContext(request, reply, request.validationError as FastifyError);
      const targetingKey = targetingKeyFor(request, request.body?.context);
      const results = await Promise.all(
        app.flags.keys.map((key) => evaluateFlag(app.flags.client, key, targetingKey)),
      );
      const body = { flags: results.map((result) => result.body) };
      const etag = etagOf(body);
      reply.header('etag', etag);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return body;
    },
    { ...ofrepOptions, operationId: 'ofrepEvaluateFlags' },
  );

  registerRoute(
    app,
    ofrepRoutes.ofrepEvaluateFlag,
    async (request, reply) => {
      if (request.validationError)
        return sendInvalidContext(request, reply, request.validationError as FastifyError);
      const result = await evaluateFlag(
        app.flags.client,
        request.params.key,
        targetingKeyFor(request, request.body?.context),
      );
      if (result.ok) return result.body;
      const status = STATUS_BY_ERROR_CODE[result.body.errorCode];
      if (status === undefined)
        throw new Error(
          `Flag evaluation failed: ${result.body.errorCode} ${result.body.errorDetails ?? ''}`,
        );
      return sendOfrepFailure(request, reply, status, result.body);
    },
    { ...ofrepOptions, operationId: 'ofrepEvaluateFlag' },
  );
}
