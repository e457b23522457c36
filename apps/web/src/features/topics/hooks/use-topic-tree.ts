import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { topicTreeQuery, type TopicTreeLevel } from '../api/topic-queries';
import { flattenTree, type LevelState, type TreeRow } from '../utils/flatten-tree';
import { nextRateSample, type RateSample } from '../utils/message-rates';

/**
 * How often a level of the tree is read again while the page is in view, for its message counts and rates (issue
 * 25 item 17) and for topics that came or went. Only levels of up to REFRESHED_LEVEL_NODES children: a level of
 * 10,000 is read once.
 */
export const TREE_REFRESH_MS = 2_000;
export const REFRESHED_LEVEL_NODES = 1_000;

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
            ? {
                status: 'loaded',
                nodes: result.data.nodes,
                total: result.data.total,
                updatedAt: result.dataUpdatedAt,
              }
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
    queries: parents.map((parent) => ({
      ...topicTreeQuery(serviceId, parent),
      refetchInterval: (query: { state: { data?: TopicTreeLevel } }) =>
        (query.state.data?.nodes.length ?? 0) <= REFRESHED_LEVEL_NODES ? TREE_REFRESH_MS : false,
    })),
    combine,
  });
  // The last reading of each node's count, kept across readings for the rates (idempotent per reading).
  const [samples] = useState(() => new Map<string, RateSample>());
  const rows = useMemo(
    () =>
      flattenTree(levels, expanded).map((row) => {
        if (row.kind !== 'node' || row.node.messages === undefined) return row;
        const level = levels.get(row.parent);
        const at = level?.status === 'loaded' ? (level.updatedAt ?? 0) : 0;
        const stats = nextRateSample(samples.get(row.key), row.node.messages, at);
        samples.set(row.key, stats);
        return { ...row, stats };
      }),
    [levels, expanded, samples],
  );
  const retry = useCallback((parent: string) => void refetches.get(parent)?.(), [refetches]);
  return { rows, root: levels.get('') ?? { status: 'loading' }, retry };
}
