import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { topicTreeQuery, type TopicTreeLevel } from '../api/topic-queries';
import { flattenTree, type LevelState, type TreeRow } from '../utils/flatten-tree';

export interface TopicTreeState {
  rows: TreeRow[];
  /** The root level: loading, failed or loaded (the page shows its shape, the failure or the empty state). */
  root: LevelState;
  retry: (parent: string) => void;
}

/**
 * The visible rows of the tree: one tree query per loaded level (the root and each expanded branch), each
 * fetched once when its branch first opens and kept in the cache while the page is open.
 */
export function useTopicTree(serviceId: string, expanded: ReadonlySet<string>): TopicTreeState {
  const parents = useMemo(() => ['', ...expanded], [expanded]);
  const combine = useCallback(
    (results: UseQueryResult<TopicTreeLevel>[]) => {
      const levels = new Map<string, LevelState>();
      const refetches = new Map<string, () => unknown>();
      results.forEach((result, index) => {
        const parent = parents[index]!;
        refetches.set(parent, result.refetch);
        levels.set(
          parent,
          result.data !== undefined
            ? { status: 'loaded', nodes: result.data.nodes, total: result.data.total }
            : result.isError
              ? { status: 'error', error: result.error }
              : { status: 'loading' },
        );
      });
      return { levels, refetches };
    },
    [parents],
  );
  const { levels, refetches } = useQueries({
    queries: parents.map((parent) => topicTreeQuery(serviceId, parent)),
    combine,
  });
  const rows = useMemo(() => flattenTree(levels, expanded), [levels, expanded]);
  const retry = useCallback((parent: string) => void refetches.get(parent)?.(), [refetches]);
  return { rows, root: levels.get('') ?? { status: 'loading' }, retry };
}
