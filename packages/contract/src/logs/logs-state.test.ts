import { describe, expect, it } from 'vitest';
import type { LogEntry, LogMetadata, Logs, LogsState } from './logs.schema';
import {
  initialLogsState,
  logsFetchFailed,
  logsFetchStarted,
  logsPageReceived,
  logsTailReceived,
} from './logs-state';

const entry = (id: number): LogEntry => ({
  id: String(id),
  timestamp: 1_700_000_000_000 + id,
  level: 'info',
  message: `line ${id}`,
});
const metadata = (cursor: string | null): LogMetadata => ({
  namespace: 'herald-services',
  pod: 'demo-0',
  app: 'herald',
  container: 'runtime',
  hasMoreLogs: cursor !== null,
  cursor,
});
/** A page newest first: ids from `newest` down to `oldest`. */
function page(newest: number, oldest: number, cursor: string | null): Logs {
  const logDetails: LogEntry[] = [];
  for (let id = newest; id >= oldest; id -= 1) logDetails.push(entry(id));
  return { logDetails, metadata: metadata(cursor) };
}
const ids = (state: LogsState) => state.logDetails.map((item) => Number(item.id));

/** A view showing entries 10..6 with more to load. */
function loaded(): LogsState {
  return logsPageReceived(initialLogsState(), page(10, 6, 'c-6'), false);
}

describe('initialLogsState', () => {
  it('is loading and empty, with nothing more to load', () => {
    expect(initialLogsState()).toEqual({
      logDetails: [],
      metadata: {
        namespace: '',
        pod: '',
        app: '',
        container: '',
        hasMoreLogs: false,
        cursor: null,
      },
      isLoading: true,
      isAppending: false,
    } satisfies LogsState);
  });
});

describe('logsFetchStarted', () => {
  it('marks a first fetch as loading and keeps the list', () => {
    const state = logsFetchStarted({ ...loaded(), isLoading: false }, false);
    expect(state.isLoading).toBe(true);
    expect(state.isAppending).toBe(false);
    expect(ids(state)).toEqual([10, 9, 8, 7, 6]);
  });

  it('marks a load-more as appending, not loading', () => {
    const state = logsFetchStarted(loaded(), true);
    expect(state).toMatchObject({ isLoading: false, isAppending: true });
  });
});

describe('logsPageReceived', () => {
  it('replaces the list and metadata on a first fetch, and clears the flags', () => {
    const state = logsPageReceived(
      { ...logsFetchStarted(loaded(), false), isAppending: true },
      page(30, 28, null),
      false,
    );
    expect(state).toEqual({ ...page(30, 28, null), isLoading: false, isAppending: false });
  });

  it('appends the older page after the list, takes its metadata and clears the flags', () => {
    const state = logsPageReceived(logsFetchStarted(loaded(), true), page(5, 3, 'c-3'), true);
    expect(ids(state)).toEqual([10, 9, 8, 7, 6, 5, 4, 3]);
    expect(state.metadata).toEqual(metadata('c-3'));
    expect(state).toMatchObject({ isLoading: false, isAppending: false });
  });

  it('takes the last page metadata: nothing more to load', () => {
    const state = logsPageReceived(loaded(), page(5, 1, null), true);
    expect(state.metadata).toMatchObject({ hasMoreLogs: false, cursor: null });
  });

  it('does not add an entry already shown (a page boundary shifted by new lines)', () => {
    const state = logsPageReceived(loaded(), page(7, 4, 'c-4'), true);
    expect(ids(state)).toEqual([10, 9, 8, 7, 6, 5, 4]);
  });

  it('keeps the list when the appended page is empty, and takes its metadata', () => {
    const state = logsPageReceived(loaded(), { logDetails: [], metadata: metadata(null) }, true);
    expect(ids(state)).toEqual([10, 9, 8, 7, 6]);
    expect(state.metadata.hasMoreLogs).toBe(false);
  });

  it('does not change the state it was given', () => {
    const before = loaded();
    const copy = structuredClone(before);
    logsPageReceived(before, page(5, 3, 'c-3'), true);
    logsTailReceived(before, page(12, 11, 'c-11'), 100);
    expect(before).toEqual(copy);
  });
});

describe('logsFetchFailed', () => {
  it.each([
    ['a first fetch', false],
    ['a load-more', true],
  ])('keeps the list and clears the flags after %s', (_label, append) => {
    const state = logsFetchFailed(logsFetchStarted(loaded(), append));
    expect(state).toEqual({ ...loaded(), isLoading: false, isAppending: false });
  });
});

describe('logsTailReceived', () => {
  it('puts newer entries on top and keeps the paging of the list', () => {
    const state = logsTailReceived(loaded(), page(13, 11, 'c-11'), 100);
    expect(ids(state)).toEqual([13, 12, 11, 10, 9, 8, 7, 6]);
    expect(state.metadata).toEqual(metadata('c-6'));
  });

  it('does not add an entry already shown', () => {
    const state = logsTailReceived(loaded(), page(12, 10, 'c-10'), 100);
    expect(ids(state)).toEqual([12, 11, 10, 9, 8, 7, 6]);
  });

  it('restarts the list from a full page, with its paging (lines may have been skipped)', () => {
    const state = logsTailReceived(loaded(), page(50, 48, 'c-48'), 3);
    expect(state).toEqual({ ...page(50, 48, 'c-48'), isLoading: false, isAppending: false });
  });

  it('changes nothing when there is nothing new', () => {
    const before = loaded();
    expect(logsTailReceived(before, { logDetails: [], metadata: metadata(null) }, 100)).toBe(
      before,
    );
  });
});
