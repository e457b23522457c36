import { parseTopicSelector, selectorMatches } from '@herald/contract/topics/topic-selector';
import type { PutTopicRequest } from '@herald/contract/topics/topic.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { topicKeys } from './topic-queries';

export interface PutTopicVariables {
  path: string;
  body: PutTopicRequest;
}

/**
 * PUT /v3/service/{serviceId}/topic: create a topic or set its value (a time series appends an event). Every
 * cached view of the service's topics may change (tree counts, lists, counts, events), so all of them refresh; the
 * answer is the topic as stored and seeds its own entry at once.
 * The caller shows failures itself (in the form, next to what was typed).
 */
export function usePutTopicMutation(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: PutTopicVariables) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putTopic, { params: { serviceId }, query: { path }, body });
    },
    onSuccess: async (topic) => {
      queryClient.setQueryData(topicKeys.topic(serviceId, topic.path), topic);
      await queryClient.invalidateQueries({ queryKey: topicKeys.service(serviceId) });
    },
    meta: { handlesError: true },
  });
}

/** Whether a cached query is the single-topic entry of a path the selector matched. */
function isRemovedTopicEntry(serviceId: string, selector: string, queryKey: readonly unknown[]) {
  const prefix = topicKeys.topics(serviceId);
  if (queryKey.length !== prefix.length + 1) return false;
  if (!prefix.every((part, index) => queryKey[index] === part)) return false;
  const path = queryKey[prefix.length];
  const parsed = parseTopicSelector(selector);
  return typeof path === 'string' && parsed.ok && selectorMatches(parsed.selector, path);
}

/**
 * DELETE /v3/service/{serviceId}/topics?selector=: remove what a selector matches; answers how many went. The
 * service's topic views refresh; the removed topics' own entries are only marked stale, not refetched at once (the
 * caller moves away from a removed topic; refetching it would flash "not found" first).
 */
export function useRemoveTopicsMutation(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (selector: string) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.removeTopics, { params: { serviceId }, query: { selector } });
    },
    onSuccess: async (_removed, selector) => {
      const isRemoved = (query: { queryKey: readonly unknown[] }) =>
        isRemovedTopicEntry(serviceId, selector, query.queryKey);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: topicKeys.service(serviceId),
          refetchType: 'none',
          predicate: isRemoved,
        }),
        queryClient.invalidateQueries({
          queryKey: topicKeys.service(serviceId),
          predicate: (query) => !isRemoved(query),
        }),
      ]);
    },
    meta: { context: 'removing topics' },
  });
}
