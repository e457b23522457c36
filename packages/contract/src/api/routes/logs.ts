import { logSourcesSchema, logsQuerySchema, logsSchema } from '../../logs/logs.schema';
import { defineRoute } from '../define-route';
import { kafkaAdapterParamsSchema, serviceParamsSchema } from './params';

const tags = ['logs'] as const;
/**
 * The runtime's and adapters' own logs name the clients that connect, their principals and what was refused: the
 * server information an MQTT session reads only with VIEW_SERVER, which members act with when they may configure
 * the service console (Owner, Admin: ADMINISTRATOR; a User is an OBSERVER). Rights are the same on every path, so
 * these logs need that permission too (docs/decisions/022). The event log (lifecycle) is for every member.
 */
const permission = 'configure-service-console';

/** Spec section 7 "Logs" (base /v3/service/{serviceId}); all pages newest first. */
export const logRoutes = {
  getEventLogs: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/logs',
    summary: "The service's event log (lifecycle: created, restarted, upgraded ...)",
    tags,
    access: 'service',
    params: serviceParamsSchema,
    query: logsQuerySchema,
    responses: { 200: logsSchema },
  }),
  getServiceLogs: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/logs/herald',
    summary: "The service runtime's log",
    tags,
    access: 'service',
    permission,
    params: serviceParamsSchema,
    query: logsQuerySchema,
    responses: { 200: logsSchema },
  }),
  getKafkaAdapterLogs: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/logs/kafka-adapter/{adapterId}',
    summary: "A Kafka gateway adapter's log",
    tags,
    access: 'service',
    permission,
    params: kafkaAdapterParamsSchema,
    query: logsQuerySchema,
    responses: { 200: logsSchema },
  }),
  getRestAdapterLogs: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/logs/rest-adapter',
    summary: "The REST adapter's log",
    tags,
    access: 'service',
    permission,
    params: serviceParamsSchema,
    query: logsQuerySchema,
    responses: { 200: logsSchema },
  }),
  getLogSources: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/logs/sources',
    summary: 'The Kafka adapters and REST adapter that have logs (for the adapter log pickers)',
    tags,
    access: 'service',
    permission,
    params: serviceParamsSchema,
    responses: { 200: logSourcesSchema },
  }),
} as const;
