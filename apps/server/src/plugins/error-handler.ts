import { ERROR_CODES, INTERNAL_ERROR_MESSAGE } from '@herald/contract/api/errors';
import type { ErrorCode, ErrorEnvelope, ErrorIssue } from '@herald/contract/api/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';

/** Path prefixes that belong to the API: never answered with the SPA's HTML (docs/decisions/003). */
export const API_PREFIXES = ['/v3', '/ofrep', '/_dev'] as const;

export function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  402: ERROR_CODES.paymentRequired,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.tooManyRequests,
  503: ERROR_CODES.unavailable,
};

/** The envelope's code for an HTTP error status. */
export function errorCodeOfStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest);
}

/** Clearer words than Fastify's for the failures a client can fix. */
const MESSAGE_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid request: the body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY:
    "Invalid request: the body is empty but the content type is 'application/json'.",
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Unsupported content type: send JSON with Content-Type: application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH:
    'Invalid request: the body size does not match Content-Length.',
  FST_ERR_BAD_URL:
    'Invalid request: the URL is not valid (a percent-encoded part does not decode to UTF-8 text).',
  FST_ERR_MAX_PARAM_LENGTH: 'Invalid request: a path parameter is too long.',
};

/** Fastify's name for the request part → the name clients use in `issues[].path`. */
const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

export function validationIssues(error: FastifyError): ErrorIssue[] {
  const part = PART_NAMES[error.validationContext ?? 'body'] ?? 'body';
  return (error.validation ?? []).map((item) => {
    const pointer = item.instancePath.split('/').filter(Boolean);
    return { path: [part, ...pointer].join('.'), message: item.message ?? 'Invalid value' };
  });
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  issues?: ErrorIssue[],
): FastifyReply {
  const envelope: ErrorEnvelope = {
    code,
    message,
    requestId: request.id,
    ...(issues && { issues }),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = request.url.split('?', 1)[0];
  return sendError(
    request,
    reply,
    404,
    ERROR_CODES.notFound,
    `Route ${request.method} ${pathname} not found`,
  );
}

/** Maps every failure to the error envelope `{ code, message, requestId, issues? }` (docs/decisions/003). */
export function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.validation) {
    const issues = validationIssues(error);
    const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
    return sendError(
      request,
      reply,
      400,
      ERROR_CODES.validation,
      `Invalid request: ${summary}`,
      issues,
    );
  }
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.options.headers ?? {})) {
      reply.header(name, value);
    }
    return sendError(
      request,
      reply,
      error.statusCode,
      error.code,
      error.message,
      error.options.issues,
    );
  }
  const status = error.statusCode ?? 500;
  // 4xx raised by Fastify itself (bad JSON, body too large, unsupported media type...): the client can fix it.
  if (status >= 400 && status < 500) {
    const message = MESSAGE_BY_FASTIFY_CODE[error.code] ?? error.message;
    return sendError(
      request,
      reply,
      status,
      CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest,
      message,
    );
  }
  // Everything else is our bug or an outage: log it all under the request id, tell the client nothing internal.
  request.log.error(
    { err: error, requestId: request.id, method: request.method, url: request.url },
    'Request failed with an unexpected error',
  );
  const isUnavailable = status === 503;
  return sendError(
    request,
    reply,
    isUnavailable ? 503 : 500,
    isUnavailable ? ERROR_CODES.unavailable : ERROR_CODES.internal,
    INTERNAL_ERROR_MESSAGE,
  );
}

/**
 * Fastify's `frameworkErrors`: failures found while routing, before any hook runs (a malformed percent-encoding in
 * the path, an over-long path parameter). They get the same envelope and request id header as everything else.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // No hook runs for these (routing failed), so the headers every API answer carries are set here.
  reply
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  return handleError(error, request, reply);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
