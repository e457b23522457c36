import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../plugins/route-registry';
import {
  countTopics,
  getTopic,
  listTopics,
  putTopic,
  removeTopics,
  sendTopicTree,
  timeSeriesEvents,
} from './topics.service';

/**
 * /v3/service/{serviceId}/topic* (docs/decisions/019): the topic browser's calls, forwarded to the service's runtime
 * as the member. The route registry has already checked membership (404) and, for writes, configure-service-console
 * (403).
 */
export async function topicRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.listTopics, (request) => listTopics(app, request, request.query));
  registerRoute(app, routes.countTopics, (request) =>
    countTopics(app, request, request.query.selector),
  );
  registerRoute(app, routes.getTopicTree, (request, reply) =>
    sendTopicTree(app, request, reply, request.query),
  );
  registerRoute(app, routes.removeTopics, (request) =>
    removeTopics(app, request, request.query.selector),
  );
  registerRoute(app, routes.getTopic, (request) => getTopic(app, request, request.query.path));
  registerRoute(app, routes.putTopic, (request) =>
    putTopic(app, request, request.query.path, request.body),
  );
  registerRoute(app, routes.getTimeSeriesEvents, (request) =>
    timeSeriesEvents(app, request, request.query),
  );
}
