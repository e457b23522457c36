import type { SelectorPlaygroundProps } from '../../../components/selector-playground';
import { loadApi } from '../../../lib/api/load-api';
import { topicKeys } from './topic-queries';

/** How many matches the playground shows per page. */
export const PLAYGROUND_PAGE_SIZE = 25;

/**
 * The selector playground's questions, answered by this service (countTopics, listTopics). Its answers are cached
 * under the service's topic keys, so a write or a removal refreshes them with everything else.
 */
export function topicSelectorSource(
  serviceId: string,
): Pick<SelectorPlaygroundProps, 'queryKey' | 'count' | 'list'> {
  return {
    queryKey: [...topicKeys.service(serviceId), 'playground'],
    count: async (selector, signal) => {
      const { apiRequest, routes } = await loadApi();
      const { count } = await apiRequest(routes.countTopics, {
        signal,
        params: { serviceId },
        query: { selector },
      });
      return count;
    },
    list: async (selector, after, signal) => {
      const { apiRequest, routes } = await loadApi();
      const page = await apiRequest(routes.listTopics, {
        signal,
        params: { serviceId },
        query: { selector, limit: PLAYGROUND_PAGE_SIZE, ...(after !== undefined && { after }) },
      });
      return { paths: page.topics.map((topic) => topic.path), hasMore: page.hasMore };
    },
  };
}
