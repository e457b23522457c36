import type { TopicTreeNode } from '@herald/contract/topics/topic.schema';
import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/**
 * Query keys of the topic browser (CONVENTIONS section 5: keys are factories). Everything of one service sits
 * under `topicKeys.service(serviceId)`, so one invalidation after a write refreshes the tree, counts, lists and the
 * selected topic; narrower keys exist for each kind.
 */
export const topicKeys = {
  all: ['topics'] as const,
  service: (serviceId: string) => [...topicKeys.all, serviceId] as const,
  trees: (serviceId: string) => [...topicKeys.service(serviceId), 'tree'] as const,
  tree: (serviceId: string, parent: string) => [...topicKeys.trees(serviceId), parent] as const,
  topics: (serviceId: string) => [...topicKeys.service(serviceId), 'topic'] as const,
  topic: (serviceId: string, path: string) => [...topicKeys.topics(serviceId), path] as const,
  counts: (serviceId: string) => [...topicKeys.service(serviceId), 'count'] as const,
  count: (serviceId: string, selector: string) =>
    [...topicKeys.counts(serviceId), selector] as const,
  lists: (serviceId: string) => [...topicKeys.service(serviceId), 'list'] as const,
  list: (serviceId: string, selector: string, after?: string) =>
    [...topicKeys.lists(serviceId), selector, after ?? ''] as const,
  events: (serviceId: string, path: string) =>
    [...topicKeys.service(serviceId), 'events', path] as const,
};

/** The most children one page of the tree call returns (contract topicTreeQuerySchema). */
export const TREE_PAGE_SIZE = 10_000;
/** The most children of one node the browser holds; beyond this the level says how many are not shown. */
export const MAX_TREE_LEVEL_NODES = 50_000;

/** One level of the tree, all of its pages up to MAX_TREE_LEVEL_NODES. */
export interface TopicTreeLevel {
  parent: string;
  nodes: TopicTreeNode[];
  /** Children of `parent` in all, also those beyond MAX_TREE_LEVEL_NODES. */
  total: number;
}

/** GET /v3/service/{serviceId}/topics/tree: the children of `parent` ('' for the root) with their counts. */
export const topicTreeQuery = (serviceId: string, parent: string) =>
  queryOptions({
    queryKey: topicKeys.tree(serviceId, parent),
    queryFn: async ({ signal }): Promise<TopicTreeLevel> => {
      const { apiRequest, routes } = await loadApi();
      const nodes: TopicTreeNode[] = [];
      let after: string | undefined;
      let total = 0;
      // A branch may have more children than one page holds; fetch pages until the level is whole (or capped).
      for (;;) {
        const page = await apiRequest(routes.getTopicTree, {
          signal,
          params: { serviceId },
          query: { parent, limit: TREE_PAGE_SIZE, ...(after !== undefined && { after }) },
        });
        nodes.push(...page.nodes);
        total = page.total;
        const last = page.nodes.at(-1);
        if (!page.hasMore || last === undefined || nodes.length >= MAX_TREE_LEVEL_NODES) break;
        after = last.name;
      }
      return { parent, nodes, total };
    },
  });

/** GET /v3/service/{serviceId}/topic: one topic's type, properties, value and last update. */
export const topicQuery = (serviceId: string, path: string) =>
  queryOptions({
    queryKey: topicKeys.topic(serviceId, path),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getTopic, { signal, params: { serviceId }, query: { path } });
    },
  });

/** GET /v3/service/{serviceId}/topics/count: how many topics a selector matches. */
export const topicCountQuery = (serviceId: string, selector: string) =>
  queryOptions({
    queryKey: topicKeys.count(serviceId, selector),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.countTopics, { signal, params: { serviceId }, query: { selector } });
    },
  });

/** The size of one page of the topic list. */
export const TOPIC_LIST_PAGE_SIZE = 100;

/** GET /v3/service/{serviceId}/topics: one page of the topics a selector matches, in path order. */
export const topicListQuery = (serviceId: string, selector: string, after?: string) =>
  queryOptions({
    queryKey: topicKeys.list(serviceId, selector, after),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listTopics, {
        signal,
        params: { serviceId },
        query: {
          limit: TOPIC_LIST_PAGE_SIZE,
          ...(selector !== '' && { selector }),
          ...(after !== undefined && { after }),
        },
      });
    },
  });

/** GET /v3/service/{serviceId}/topic/events: a time series topic's retained events (first page, up to 1,000). */
export const timeSeriesEventsQuery = (serviceId: string, path: string) =>
  queryOptions({
    queryKey: topicKeys.events(serviceId, path),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getTimeSeriesEvents, {
        signal,
        params: { serviceId },
        query: { path, limit: 1000 },
      });
    },
  });
