import type { TopicTreeNode } from '@herald/contract/topics/topic.schema';
import type { RateSample } from './message-rates';

/** What is known of one level of the tree (the children of a parent path). */
export type LevelState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'loaded';
      nodes: readonly TopicTreeNode[];
      total: number;
      /** When this level was fetched (its nodes' message counts were read then). */
      updatedAt?: number;
    };

/** One visible row of the flattened tree, in display order. `level` is 1 for the root's children (aria-level). */
export type TreeRow =
  | {
      kind: 'node';
      key: string;
      node: TopicTreeNode;
      level: number;
      /** 1-based position among its siblings and their number (aria-posinset, aria-setsize). */
      position: number;
      setSize: number;
      isBranch: boolean;
      isExpanded: boolean;
      parent: string;
      /** Messages at and below this node and their rate (message-rates.ts), once the counts were read. */
      stats?: RateSample;
    }
  | { kind: 'loading'; key: string; level: number; parent: string }
  | { kind: 'error'; key: string; level: number; parent: string; error: unknown }
  /** Children beyond what the browser holds of one level (MAX_TREE_LEVEL_NODES). */
  | { kind: 'more'; key: string; level: number; parent: string; hidden: number };

/**
 * The rows a person sees: each loaded level in order, the children of every expanded branch right below it.
 * Iterative so a branch of 10,000 children costs one pass and no deep recursion; only expanded branches are walked,
 * so the cost follows what is visible, not the size of the tree.
 */
export function flattenTree(
  levels: ReadonlyMap<string, LevelState>,
  expanded: ReadonlySet<string>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const appendLevel = (parent: string, level: number) => {
    // A stack of [parent, level, next child index] frames replaces recursion.
    const stack: { parent: string; level: number; index: number }[] = [{ parent, level, index: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const state = levels.get(frame.parent) ?? { status: 'loading' };
      if (state.status !== 'loaded') {
        stack.pop();
        rows.push(
          state.status === 'loading'
            ? {
                kind: 'loading',
                key: `loading:${frame.parent}`,
                level: frame.level,
                parent: frame.parent,
              }
            : {
                kind: 'error',
                key: `error:${frame.parent}`,
                level: frame.level,
                parent: frame.parent,
                error: state.error,
              },
        );
        continue;
      }
      if (frame.index >= state.nodes.length) {
        stack.pop();
        const hidden = state.total - state.nodes.length;
        if (hidden > 0) {
          rows.push({
            kind: 'more',
            key: `more:${frame.parent}`,
            level: frame.level,
            parent: frame.parent,
            hidden,
          });
        }
        continue;
      }
      const node = state.nodes[frame.index]!;
      frame.index += 1;
      const isBranch = node.descendants > 0;
      const isExpanded = isBranch && expanded.has(node.path);
      rows.push({
        kind: 'node',
        key: node.path,
        node,
        level: frame.level,
        position: frame.index,
        setSize: state.total,
        isBranch,
        isExpanded,
        parent: frame.parent,
      });
      if (isExpanded) stack.push({ parent: node.path, level: frame.level + 1, index: 0 });
    }
  };
  appendLevel('', 1);
  return rows;
}
