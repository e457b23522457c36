import type { Logger } from './log';

/**
 * Repeated identical log lines of one connection fold into one line with a count (issue 25: one subscriber dropping
 * with deliveries queued wrote 62–100 identical "mqtt client error" warnings in 1 ms, one for each delivery that
 * failed). The first line is written at once; the same line again within the window is counted instead, and the
 * count is written once the window has passed, as the same line with `repeated: N`. Another line, or the same one
 * after the window, is written at once again.
 */
export const LOG_FOLD_WINDOW_MS = 1000;

export interface FoldState {
  /** The line last written: its message and the fields that make it the same line. */
  key: string;
  writtenAt: number;
  /** Identical lines counted, not written, since. */
  folded: number;
}

export type FoldDecision =
  /** Write it. `flush` is what was folded before it (another key, or a window that ended): write that first. */
  | { write: true; state: FoldState; flush: number }
  /** Count it; `isFirst` when it is the first counted since the last write (the moment to plan the flush). */
  | { write: false; state: FoldState; isFirst: boolean };

/** The pure rule: what to do with a line of `key` at `now`, given the connection's state (none at first). */
export function foldLine(
  state: FoldState | undefined,
  key: string,
  now: number,
  windowMs = LOG_FOLD_WINDOW_MS,
): FoldDecision {
  if (state !== undefined && state.key === key && now - state.writtenAt < windowMs) {
    const folded = state.folded + 1;
    return { write: false, state: { ...state, folded }, isFirst: folded === 1 };
  }
  return { write: true, state: { key, writtenAt: now, folded: 0 }, flush: state?.folded ?? 0 };
}

/**
 * Warnings of connections folded by foldLine, each distinct line of a connection on its own (two errors that
 * alternate still fold): `warn(connection, msg, fields)`. The count of a window is written by a timer at its end
 * (unref'd: it never keeps the process up), so a burst right before a connection goes away is still reported, once.
 */
export function createFoldingWarner(
  logger: Logger,
  { windowMs = LOG_FOLD_WINDOW_MS, now = Date.now } = {},
) {
  interface Entry {
    fold: FoldState;
    msg: string;
    fields: Record<string, unknown>;
  }
  const connections = new WeakMap<object, Map<string, Entry>>();

  function flush(entry: Entry): void {
    if (entry.fold.folded === 0) return;
    logger.warn(entry.msg, { ...entry.fields, repeated: entry.fold.folded });
    entry.fold = { ...entry.fold, folded: 0 };
  }

  return function warn(connection: object, msg: string, fields: Record<string, unknown>): void {
    let lines = connections.get(connection);
    if (lines === undefined) {
      lines = new Map();
      connections.set(connection, lines);
    }
    const key = `${msg}\u0000${JSON.stringify(fields)}`;
    const entry = lines.get(key);
    const decision = foldLine(entry?.fold, key, now(), windowMs);
    if (entry !== undefined && !decision.write) {
      entry.fold = decision.state;
      if (decision.isFirst) setTimeout(() => flush(entry), windowMs).unref();
      return;
    }
    if (entry !== undefined) flush(entry);
    lines.set(key, { msg, fields, fold: decision.state });
    logger.warn(msg, fields);
  };
}
