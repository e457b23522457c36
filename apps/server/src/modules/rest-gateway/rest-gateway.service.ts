import { ERROR_CODES } from '@herald/contract/api/errors';
import { FREE_TRIAL_BILLING_PLAN } from '@herald/contract/constants';
import { adapterTrialCapReached } from '@herald/contract/kafka/kafka-adapter-trial-cap';
import {
  REST_ADAPTER_MESSAGES,
  REST_NOT_FOUND_MESSAGES,
} from '@herald/contract/rest-adapters/rest-adapter-rules';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { trialIncrease } from '../free-trial/trial-usage';
import type { ServiceRow } from '../service/service.repository';
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

/**
 * Section 9's adapter cap, as for the Kafka adapters (docs/decisions/052): the REST adapter of a free trial service
 * whose adapters used FREE_TRIAL_ADAPTER_MESSAGE_LIMIT messages is neither created nor activated (400, in words)
 * until the service runs on a paid plan. Other plans cost no metrics query.
 */
export async function assertRestAdapterMayRun(
  app: FastifyInstance,
  row: ServiceRow,
): Promise<void> {
  if (row.billingPlan !== FREE_TRIAL_BILLING_PLAN) return;
  const adapterMessagesUsed = await trialIncrease(
    app,
    row,
    'adapter_billed_messages_total',
    app.clock(),
  );
  if (adapterTrialCapReached({ billingPlan: row.billingPlan, adapterMessagesUsed })) {
    throw new HttpError(
      400,
      ERROR_CODES.badRequest,
      REST_ADAPTER_MESSAGES.freeTrialAdapterLimitReached,
    );
  }
}
