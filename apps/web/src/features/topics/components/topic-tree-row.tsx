import { decodeTopicValue } from '@herald/contract/topics/topic-values';
import type { TopicTreeNode } from '@herald/contract/topics/topic.schema';
import { memo } from 'react';
import { inlineErrorText } from '../../../lib/api/error-text';
import type { LiveValueStore } from '../hooks/live-value-store';
import { useLiveValue } from '../hooks/use-live-value';
import type { TreeRow } from '../utils/flatten-tree';
import { formatByteSize, formatTopicValue } from '../utils/format-value';
import { formatMessageStats } from '../utils/message-rates';
import classes from './topic-tree.module.css';

export const TREE_ROW_HEIGHT = 34;
const INDENT_PX = 16;

export interface TopicTreeRowProps {
  row: TreeRow;
  id: string;
  start: number;
  isSelected: boolean;
  isActive: boolean;
  store: LiveValueStore;
  onActivate: (row: TreeRow, toggle: boolean) => void;
}

/** One row of the tree: a treeitem placed by the virtualiser; only a topic's own row listens to its live value. */
export const TopicTreeRow = memo(function TopicTreeRow({
  row,
  id,
  start,
  isSelected,
  isActive,
  store,
  onActivate,
}: TopicTreeRowProps) {
  const common = {
    id,
    role: 'treeitem',
    'aria-level': row.level,
    className: `${classes.row} ${isActive ? classes.active : ''}`,
    style: {
      height: TREE_ROW_HEIGHT,
      transform: `translateY(${start}px)`,
      paddingLeft: (row.level - 1) * INDENT_PX + 4,
    },
  } as const;
  if (row.kind !== 'node') {
    return (
      <div
        {...common}
        aria-selected={false}
        data-row-kind={row.kind}
        onClick={() => onActivate(row, false)}
      >
        <span className={classes.toggle} aria-hidden="true" />
        <span className={classes.name}>
          {row.kind === 'loading'
            ? 'Loading…'
            : row.kind === 'more'
              ? `${row.hidden.toLocaleString('en')} more not shown: search to find them`
              : `Could not load this level: ${inlineErrorText(row.error)} Press Enter to try again.`}
        </span>
      </div>
    );
  }
  const { node } = row;
  return (
    <div
      {...common}
      aria-selected={isSelected}
      aria-setsize={row.setSize}
      aria-posinset={row.position}
      {...(row.isBranch && { 'aria-expanded': row.isExpanded })}
      data-path={node.path}
      onClick={() => onActivate(row, false)}
    >
      <span
        className={classes.toggle}
        aria-hidden="true"
        onClick={(event) => {
          if (!row.isBranch) return;
          event.stopPropagation();
          onActivate(row, true);
        }}
      >
        {row.isBranch ? (row.isExpanded ? '▾' : '▸') : ''}
      </span>
      <span className={classes.name}>{node.name}</span>
      {row.isBranch && (
        <span className={classes.meta}>
          {node.descendants.toLocaleString('en')} {node.descendants === 1 ? 'topic' : 'topics'}
        </span>
      )}
      {row.stats !== undefined && (
        <span className={classes.meta} data-testid="row-messages">
          {formatMessageStats(row.stats.messages, row.stats.rate)}
        </span>
      )}
      {/* Remounted at each reading whose count grew, so its fade plays again (topic-tree.module.css). */}
      {row.stats?.grew === true && (
        <span key={row.stats.at} className={classes.flash} aria-hidden="true" data-flash />
      )}
      {node.type !== null && <RowValue node={node} store={store} />}
    </div>
  );
});

/** The topic's live value on one line, once one has arrived. */
function RowValue({ node, store }: { node: TopicTreeNode; store: LiveValueStore }) {
  const entry = useLiveValue(store, node.path);
  if (node.type === null || entry === undefined) {
    return <span className={classes.value}>{node.type}</span>;
  }
  const formatted = formatTopicValue(
    node.type,
    {},
    decodeTopicValue(node.type, {}, entry.latest.payload),
    'line',
  );
  return (
    <span
      // A new value remounts the span so its highlight plays again; a retained one is not a change seen happening.
      key={entry.latest.receivedAt}
      className={`${classes.value} ${entry.latest.retained ? '' : classes.changed}`}
      data-live-value
    >
      {formatted.byteSize === undefined
        ? formatted.text.slice(0, 200)
        : `${formatByteSize(formatted.byteSize)} binary`}
    </span>
  );
}
