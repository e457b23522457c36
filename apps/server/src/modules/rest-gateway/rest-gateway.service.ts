import { ERROR_CODES } from '@herald/contract/api/errors';
import { REST_NOT_FOUND_MESSAGES } from '@herald/contract/rest-adapters/rest-adapter-rules';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { findRestApi, findRestEndpoint } from './rest-adapter.repository';
import type { RestApiRow, RestEndpointRow } from './rest-adapter.repository';

/** A 400 naming the body's field (the envelope's `issues`, as the schemas' own errors). */
export function badField(field: string, message: string): HttpError {
  return new HttpError(400, ERROR_CODES.validation, message, {
    issues: [{ path: `body.${field}`, message }],
  });
}

export async function requireRestApi(
  app: FastifyInstance,
  serviceId: string,
  apiId: string,
): Promise<RestApiRow> {
  const api = await findRestApi(app.db, serviceId, apiId);
  if (!api) throw new HttpError(404, ERROR_CODES.notFound, REST_NOT_FOUND_MESSAGES.api);
  return api;
}

export async function requireRestEndpoint(
  app: FastifyInstance,
  apiId: string,
  endpointId: string,
): Promise<RestEndpointRow> {
  const endpoint = await findRestEndpoint(app.db, apiId, endpointId);
  if (!endpoint) throw new HttpError(404, ERROR_CODES.notFound, REST_NOT_FOUND_MESSAGES.endpoint);
  return endpoint;
}
