import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { LoadFailed } from '../../../components/query-states';
import type { LiveValueStore } from '../hooks/live-value-store';
import { useTopicTree } from '../hooks/use-topic-tree';
import type { TreeRow } from '../utils/flatten-tree';
import { ancestorPaths } from '../utils/topic-url';
import { TopicTreeSkeleton } from './topic-tree-skeleton';
import { TopicTreeRow, TREE_ROW_HEIGHT } from './topic-tree-row';
import classes from './topic-tree.module.css';

export interface TopicTreeProps {
  serviceId: string;
  selectedPath: string;
  onSelect: (path: string) => void;
  store: LiveValueStore;
  /** Told the topic paths currently rendered (in view plus a few rows of overscan), for live subscriptions. */
  onVisiblePathsChange: (paths: string[]) => void;
  /** Shown instead of the tree when the service has no topic at all. */
  emptyState: ReactNode;
}

/**
 * The topic tree (issue 10 item 3): an ARIA tree whose levels load lazily as branches open, flattened into the
 * visible rows and virtualised, so a branch of 10,000 children renders only the rows in view. Focus stays on the
 * tree and aria-activedescendant names the keyboard's row (WAI-ARIA tree pattern: arrows move, Right opens and
 * enters a branch, Left closes it or goes to the parent, Home/End, Enter selects).
 */
export function TopicTree({
  serviceId,
  selectedPath,
  onSelect,
  store,
  onVisiblePathsChange,
  emptyState,
}: TopicTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(ancestorPaths(selectedPath)),
  );
  const { rows, root, retry } = useTopicTree(serviceId, expanded);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  // A selection made elsewhere (the URL, a search) opens the branches above it.
  useEffect(() => {
    const ancestors = ancestorPaths(selectedPath);
    setExpanded((current) =>
      ancestors.every((path) => current.has(path)) ? current : new Set([...current, ...ancestors]),
    );
  }, [selectedPath]);

  const toggle = useCallback((path: string, open?: boolean) => {
    setExpanded((current) => {
      const isOpen = current.has(path);
      if (open === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.delete(path);
      else next.add(path);
      return next;
    });
  }, []);

  const indexByKey = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);

  // A selected branch opens too, once its row is known to be one (issue 25 item 17: `/topics/bulk` shows the branch
  // open, as MQTT Explorer does). Once per selection, so closing it afterwards sticks.
  const openedSelection = useRef<string | null>(null);
  useEffect(() => {
    if (selectedPath === '' || openedSelection.current === selectedPath) return;
    const row = rows[indexByKey.get(selectedPath) ?? -1];
    if (row?.kind !== 'node') return;
    openedSelection.current = selectedPath;
    if (row.isBranch && !row.isExpanded) toggle(selectedPath, true);
  }, [selectedPath, rows, indexByKey, toggle]);
  const activeIndex =
    indexByKey.get(activeKey ?? '') ?? indexByKey.get(selectedPath) ?? (rows.length > 0 ? 0 : -1);

  // The rows are memoised by hand (TopicTreeRow); the virtualiser's fresh functions each render are expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => TREE_ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => rows[index]!.key,
    // Before the scroller is measured (and in environments without layout) assume a typical viewport.
    initialRect: { width: 600, height: 560 },
  });
  const items = virtualizer.getVirtualItems();

  // Scroll the selected row into view once it is loaded (a bookmarked deep path, a search result).
  const pendingScroll = useRef<string | null>(selectedPath === '' ? null : selectedPath);
  useEffect(() => {
    pendingScroll.current = selectedPath === '' ? null : selectedPath;
  }, [selectedPath]);
  useEffect(() => {
    const target = pendingScroll.current;
    if (target === null) return;
    const index = indexByKey.get(target);
    if (index === undefined) return;
    pendingScroll.current = null;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [indexByKey, virtualizer]);

  const visibleKey = items
    .map((item) => rows[item.index])
    .filter((row): row is Extract<TreeRow, { kind: 'node' }> => row?.kind === 'node')
    .filter((row) => row.node.type !== null)
    .map((row) => row.node.path)
    .join('\n');
  useEffect(() => {
    onVisiblePathsChange(visibleKey === '' ? [] : visibleKey.split('\n'));
  }, [visibleKey, onVisiblePathsChange]);

  const activate = useCallback(
    (row: TreeRow, isToggle: boolean) => {
      setActiveKey(row.key);
      if (row.kind === 'error') retry(row.parent);
      if (row.kind !== 'node') return;
      if (isToggle) toggle(row.node.path);
      else onSelect(row.node.path);
    },
    [onSelect, retry, toggle],
  );

  const moveTo = (index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    setActiveKey(row.key);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[activeIndex];
    if (row === undefined) return;
    let isHandled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(Math.min(activeIndex + 1, rows.length - 1));
        break;
      case 'ArrowUp':
        moveTo(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.kind === 'node' && row.isBranch) {
          if (row.isExpanded) moveTo(activeIndex + 1);
          else toggle(row.node.path, true);
        }
        break;
      case 'ArrowLeft':
        if (row.kind === 'node' && row.isExpanded) toggle(row.node.path, false);
        else if (row.parent !== '') moveTo(indexByKey.get(row.parent) ?? activeIndex);
        break;
      case 'Enter':
      case ' ':
        activate(row, false);
        break;
      default:
        isHandled = false;
    }
    if (isHandled) event.preventDefault();
  };

  if (root.status === 'loading') return <TopicTreeSkeleton />;
  if (root.status === 'error') {
    return (
      <LoadFailed
        title="The topic tree could not be loaded"
        error={root.error}
        onRetry={() => retry('')}
      />
    );
  }
  if (rows.length === 0) return <>{emptyState}</>;

  const rowId = (index: number) => `${baseId}-row-${index}`;
  return (
    <div
      ref={scrollerRef}
      className={classes.scroller}
      // As tall as its rows, up to the scroller's maximum (topic-tree.module.css).
      style={{ height: `min(${virtualizer.getTotalSize() + 2}px, 60vh, 640px)` }}
      role="tree"
      aria-label="Topic tree"
      tabIndex={0}
      aria-activedescendant={activeIndex >= 0 ? rowId(activeIndex) : undefined}
      onKeyDown={handleKeyDown}
    >
      <div role="none" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <TopicTreeRow
              key={item.key}
              row={row}
              id={rowId(item.index)}
              start={item.start}
              isSelected={row.kind === 'node' && row.node.path === selectedPath}
              isActive={item.index === activeIndex}
              store={store}
              onActivate={activate}
            />
          );
        })}
      </div>
    </div>
  );
}
