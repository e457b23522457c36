import { z } from 'zod';
import { errorEnvelopeSchema } from '../errors';
import { defineRoute } from '../define-route';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

export const healthRoutes = {
  /** Liveness and database reachability, for load balancers and the e2e setup. */
  getHealth: defineRoute({
    method: 'GET',
    path: '/v3/health',
    summary: 'Report that the server and its database are up',
    tags: ['health'],
    access: 'public',
    responses: { 200: healthSchema, 503: errorEnvelopeSchema },
  }),
} as const;
