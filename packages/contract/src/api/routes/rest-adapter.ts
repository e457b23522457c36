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
} as const;
