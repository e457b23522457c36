import { noContentSchema } from '../../common/fields';
import {
  createRestApiRequestSchema,
  restAdapterServiceSchema,
  restApiInputSchema,
  restApiSchema,
  restEndpointInputSchema,
  restEndpointSchema,
  upsertRestAdapterServiceRequestSchema,
} from '../../rest-adapters/rest-api.schema';
import { restPollResultSchema } from '../../rest-adapters/rest-adapter-process';
import {
  restAdapterStateSchema,
  restPreviewBodySchema,
} from '../../rest-adapters/rest-adapter-state';
import { z } from 'zod';
import { defineRoute } from '../define-route';
import { restApiParamsSchema, restEndpointParamsSchema, serviceParamsSchema } from './params';

const tags = ['rest-adapter'] as const;

/** Spec section 7 "REST adapter" (base /v3/service/{serviceId}/rest). */
export const restAdapterRoutes = {
  listRestApis: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/rest/apis',
    summary: "The service's REST APIs with their endpoints",
    tags,
    access: 'service',
    params: serviceParamsSchema,
    responses: { 200: z.array(restApiSchema) },
  }),
  createRestApi: defineRoute({
    method: 'POST',
    path: '/v3/service/{serviceId}/rest/apis',
    summary: 'Add a REST API',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    body: createRestApiRequestSchema,
    responses: { 201: restApiSchema },
  }),
  updateRestApi: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/rest/apis/{apiId}',
    summary: "Replace a REST API's settings (its endpoints are kept)",
    tags,
    access: 'service',
    params: restApiParamsSchema,
    body: restApiInputSchema,
    responses: { 200: restApiSchema },
  }),
  deleteRestApi: defineRoute({
    method: 'DELETE',
    path: '/v3/service/{serviceId}/rest/apis/{apiId}',
    summary: 'Delete a REST API and its endpoints',
    tags,
    access: 'service',
    params: restApiParamsSchema,
    responses: { 204: noContentSchema },
  }),
  createRestEndpoint: defineRoute({
    method: 'POST',
    path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints',
    summary: 'Add an endpoint to a REST API',
    tags,
    access: 'service',
    params: restApiParamsSchema,
    body: restEndpointInputSchema,
    responses: { 201: restEndpointSchema },
  }),
  updateRestEndpoint: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}',
    summary: 'Replace an endpoint',
    tags,
    access: 'service',
    params: restEndpointParamsSchema,
    body: restEndpointInputSchema,
    responses: { 200: restEndpointSchema },
  }),
  deleteRestEndpoint: defineRoute({
    method: 'DELETE',
    path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}',
    summary: 'Delete an endpoint',
    tags,
    access: 'service',
    params: restEndpointParamsSchema,
    responses: { 204: noContentSchema },
  }),
  upsertRestAdapterService: defineRoute({
    method: 'POST',
    path: '/v3/service/{serviceId}/rest/upsert-service',
    summary: "Create the service's REST adapter, or update its version or activation",
    tags,
    access: 'service',
    params: serviceParamsSchema,
    body: upsertRestAdapterServiceRequestSchema,
    responses: { 200: restAdapterServiceSchema },
  }),
  // Ours (issue 28 items 5 and 6), beyond section 7: what the screens need to show the adapter working.
  getRestAdapterState: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/rest/state',
    summary: "The REST adapter's status and each endpoint's last poll",
    tags,
    access: 'service',
    params: serviceParamsSchema,
    responses: { 200: restAdapterStateSchema },
  }),
  pollRestEndpoint: defineRoute({
    method: 'POST',
    path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}/poll',
    summary: 'Poll an endpoint now: what the API answered and which topic it became',
    tags,
    access: 'service',
    params: restEndpointParamsSchema,
    responses: { 200: restPollResultSchema },
  }),
  previewRestEndpoint: defineRoute({
    method: 'POST',
    path: '/v3/service/{serviceId}/rest/apis/{apiId}/preview',
    summary: 'Poll an endpoint as typed, without saving or publishing it',
    tags,
    access: 'service',
    params: restApiParamsSchema,
    body: restPreviewBodySchema,
    responses: { 200: restPollResultSchema },
  }),
} as const;
