import type { Logs, LogsState } from './logs.schema';

/** A log view before its first answer: loading, empty. */
export function initialLogsState(): LogsState {
  return {
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
  };
}

/** Section 4: a fetch starts; `append` marks a load-more, otherwise a first fetch. */
export function logsFetchStarted(state: LogsState, append: boolean): LogsState {
  return append ? { ...state, isAppending: true } : { ...state, isLoading: true };
}

/**
 * Section 4 "Logs": a first fetch replaces the list; a fetch with append adds its entries (older ones, after the
 * list) and takes the new metadata. Loading flags clear afterwards. An entry already in the list is not added
 * twice (a line written between two pages can shift a page boundary).
 */
export function logsPageReceived(state: LogsState, page: Logs, append: boolean): LogsState {
  if (!append) return { ...page, isLoading: false, isAppending: false };
  const seen = new Set(state.logDetails.map((entry) => entry.id));
  return {
    logDetails: [...state.logDetails, ...page.logDetails.filter((entry) => !seen.has(entry.id))],
    metadata: page.metadata,
    isLoading: false,
    isAppending: false,
  };
}

/** A fetch failed: the list stays as it was, the flags clear. */
export function logsFetchFailed(state: LogsState): LogsState {
  return { ...state, isLoading: false, isAppending: false };
}

/**
 * The live tail's answer (entries newer than the newest shown, newest first) goes on top. When the answer is a full
 * page, lines may have been skipped between it and the list: the list restarts from the answer, with its paging.
 */
export function logsTailReceived(state: LogsState, page: Logs, pageSize: number): LogsState {
  if (page.logDetails.length >= pageSize) return { ...page, isLoading: false, isAppending: false };
  if (page.logDetails.length === 0) return state;
  const seen = new Set(state.logDetails.map((entry) => entry.id));
  return {
    ...state,
    logDetails: [...page.logDetails.filter((entry) => !seen.has(entry.id)), ...state.logDetails],
  };
}
