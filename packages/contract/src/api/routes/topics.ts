import {
  putTopicRequestSchema,
  removedTopicsSchema,
  removeTopicsQuerySchema,
  timeSeriesEventsQuerySchema,
  timeSeriesEventsSchema,
  topicCountQuerySchema,
  topicCountSchema,
  topicPageQuerySchema,
  topicPageSchema,
  topicPathQuerySchema,
  topicSchema,
  topicTreeQuerySchema,
  topicTreeSchema,
} from '../../topics/topic.schema';
import { defineRoute } from '../define-route';
import { serviceParamsSchema } from './params';

const tags = ['topics'] as const;

/**
 * The topic browser's calls (spec section 2 "topics/*"; the spec leaves the calls unshown: docs/decisions/019).
 * The control plane forwards each to the service's runtime admin API with the member's own dashboard token, so the
 * runtime applies the same rights as over MQTT; writes also need configure-service-console here (Admin, Owner:
 * the members whose dashboard principal is ADMINISTRATOR, contract services/dashboard-access.ts). Paths are query
 * parameters because a topic path contains `/`.
 */
export const topicRoutes = {
  listTopics: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/topics',
    summary: 'Topics matching a selector (all without one), in path order, a page at a time',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    query: topicPageQuerySchema,
    responses: { 200: topicPageSchema },
  }),
  countTopics: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/topics/count',
    summary: 'How many topics a selector matches',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    query: topicCountQuerySchema,
    responses: { 200: topicCountSchema },
  }),
  getTopicTree: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/topics/tree',
    summary: 'One level of the topic tree with the number of topics below each node',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    query: topicTreeQuerySchema,
    responses: { 200: topicTreeSchema },
  }),
  removeTopics: defineRoute({
    method: 'DELETE',
    path: '/v3/service/{serviceId}/topics',
    summary: 'Remove the topics a selector matches',
    tags,
    access: 'service',
    permission: 'configure-service-console',
    params: serviceParamsSchema,
    query: removeTopicsQuerySchema,
    responses: { 200: removedTopicsSchema },
  }),
  getTopic: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/topic',
    summary: 'One topic: type, properties, value and last update',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    query: topicPathQuerySchema,
    responses: { 200: topicSchema },
  }),
  putTopic: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/topic',
    summary: 'Create a topic or set its value (validated by its type); answers the topic as stored',
    tags,
    access: 'service',
    permission: 'configure-service-console',
    params: serviceParamsSchema,
    query: topicPathQuerySchema,
    body: putTopicRequestSchema,
    responses: { 200: topicSchema },
  }),
  getTimeSeriesEvents: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/topic/events',
    summary: "A time series topic's retained events with their sequence numbers",
    tags,
    access: 'service',
    params: serviceParamsSchema,
    query: timeSeriesEventsQuerySchema,
    responses: { 200: timeSeriesEventsSchema },
  }),
} as const;
