import {
  LOGS_PAGE_SIZE,
  type Logs,
  type LogsQuery,
  type LogsState,
} from '@herald/contract/logs/logs.schema';
import {
  initialLogsState,
  logsFetchFailed,
  logsFetchStarted,
  logsPageReceived,
  logsTailReceived,
} from '@herald/contract/logs/logs-state';
import { useEffect, useEffectEvent, useReducer } from 'react';
import { fetchLogPage } from '../api/logs-api';
import type { LogViewSource } from '../api/log-source';
import { logFilterQuery, type LogFilters } from '../utils/log-filters';

/** How often the live tail asks for newer entries while the tab is visible. */
export const LIVE_TAIL_INTERVAL_MS = 2_000;

export interface LogViewState {
  logs: LogsState;
  /** The first fetch failed: nothing to show. */
  loadError: unknown;
  /** A "load more" failed: the list stays. */
  appendError: unknown;
  /**
   * Raised when the live tail restarts the list (a full page of newer entries): an older page asked for before that
   * belongs to the old list, and appending it would leave a gap.
   */
  generation: number;
}

/** Spec section 4's transitions are the contract's (logs-state.ts); this adds only the errors to show. */
type LogViewAction =
  | { type: 'append-started' }
  | { type: 'received'; page: Logs; append: boolean; generation: number }
  | { type: 'failed'; error: unknown; append: boolean; generation: number }
  | { type: 'tail'; page: Logs };

export function logViewReducer(state: LogViewState, action: LogViewAction): LogViewState {
  switch (action.type) {
    case 'append-started':
      return { ...state, logs: logsFetchStarted(state.logs, true), appendError: null };
    case 'received':
      if (action.generation !== state.generation) {
        return { ...state, logs: logsFetchFailed(state.logs) };
      }
      return { ...state, logs: logsPageReceived(state.logs, action.page, action.append) };
    case 'failed':
      return {
        ...state,
        logs: logsFetchFailed(state.logs),
        loadError: action.append ? state.loadError : action.error,
        appendError: action.append ? action.error : state.appendError,
      };
    case 'tail': {
      const restarts = action.page.logDetails.length >= LOGS_PAGE_SIZE.default;
      return {
        ...state,
        logs: logsTailReceived(state.logs, action.page, LOGS_PAGE_SIZE.default),
        generation: restarts ? state.generation + 1 : state.generation,
      };
    }
  }
}

export function initialState(): LogViewState {
  // A view starts as a first fetch (section 4): its owner remounts it when the source or the filters change.
  return { logs: initialLogsState(), loadError: null, appendError: null, generation: 0 };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface LogViewModel extends LogViewState {
  loadMore: () => void;
}

/**
 * One log view for one source and one set of filters: the first page at mount, older pages on demand ("load more"
 * with the metadata's cursor) and, while `isLive`, the entries newer than the newest shown every 2 s while the tab
 * is visible. Leaving the page (unmount) stops the polling and cancels what is in flight.
 */
export function useLogView(
  source: LogViewSource,
  filters: LogFilters,
  isLive: boolean,
): LogViewModel {
  const [state, dispatch] = useReducer(logViewReducer, undefined, initialState);
  const query = (): LogsQuery => ({ limit: LOGS_PAGE_SIZE.default, ...logFilterQuery(filters) });

  const fetchFirstPage = useEffectEvent((signal: AbortSignal) => {
    fetchLogPage(source, query(), signal).then(
      (page) => dispatch({ type: 'received', page, append: false, generation: 0 }),
      (error: unknown) => {
        if (!isAbort(error)) dispatch({ type: 'failed', error, append: false, generation: 0 });
      },
    );
  });
  useEffect(() => {
    const controller = new AbortController();
    fetchFirstPage(controller.signal);
    return () => controller.abort();
  }, []);

  const loadMore = () => {
    const { metadata, isAppending, isLoading } = state.logs;
    if (!metadata.hasMoreLogs || metadata.cursor === null || isAppending || isLoading) return;
    const { generation } = state;
    dispatch({ type: 'append-started' });
    fetchLogPage(source, { ...query(), cursor: metadata.cursor }).then(
      (page) => dispatch({ type: 'received', page, append: true, generation }),
      (error: unknown) => dispatch({ type: 'failed', error, append: true, generation }),
    );
  };

  const askForNewer = useEffectEvent((signal: AbortSignal): Promise<void> | null => {
    const { isLoading, isAppending, logDetails } = state.logs;
    // A hidden tab does not poll; a first fetch or an append in flight would race the tail's answer.
    if (document.visibilityState !== 'visible' || isLoading || isAppending) return null;
    const newest = logDetails[0]?.id;
    return fetchLogPage(
      source,
      { ...query(), ...(newest !== undefined && { after: newest }) },
      signal,
    ).then((page) => dispatch({ type: 'tail', page }));
  });
  useEffect(() => {
    if (!isLive) return;
    const controller = new AbortController();
    let inFlight: Promise<void> | null = null;
    const timer = window.setInterval(() => {
      if (inFlight !== null) return;
      inFlight = askForNewer(controller.signal);
      // A failed poll is retried by the next tick; the list stays as it is.
      inFlight
        ?.catch(() => undefined)
        .finally(() => {
          inFlight = null;
        });
    }, LIVE_TAIL_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [isLive]);

  return { ...state, loadMore };
}
