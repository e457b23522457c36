import { usageQuerySchema, usageResponseSchema } from '../../usage/usage.schema';
import { defineRoute } from '../define-route';
import { serviceParamsSchema } from './params';

/** Spec section 7 "Usage". */
export const usageRoutes = {
  getUsage: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/usage',
    summary: 'Usage metrics of the service between from and to (unix seconds)',
    tags: ['usage'],
    access: 'service',
    params: serviceParamsSchema,
    query: usageQuerySchema,
    responses: { 200: usageResponseSchema },
  }),
} as const;
