/**
 * Time series ranges (TIME_SERIES_RETAINED_RANGE, TIME_SERIES_SUBSCRIPTION_RANGE): `limit <n>` (the newest n
 * events), `last <duration>` (events no older than that) or both, in either order, meaning events that satisfy both.
 * Durations are `<n>ms`, `<n>s`, `<n>m`, `<n>h` or `<n>d`.
 */
export interface TimeSeriesRange {
  limit: number | null;
  lastMs: number | null;
}

export type RangeParse = { ok: true; range: TimeSeriesRange } | { ok: false; message: string };
export type DurationParse = { ok: true; ms: number } | { ok: false; message: string };

/** The most events one time series keeps (the bound of `limit`). */
export const MAX_TIME_SERIES_LIMIT = 100_000;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(\d{1,9})(ms|s|m|h|d)$/;

export function parseDuration(text: string): DurationParse {
  const match = DURATION.exec(text);
  const unit = match?.[2];
  if (match === null || unit === undefined || Number(match[1]) === 0) {
    return {
      ok: false,
      message: `"${text}" is not a duration: write a positive whole number and ms, s, m, h or d (e.g. 30s, 10m)`,
    };
  }
  return { ok: true, ms: Number(match[1]) * (UNIT_MS[unit] ?? 1) };
}

export function parseTimeSeriesRange(text: string): RangeParse {
  const words = text.trim().split(/\s+/);
  const range: TimeSeriesRange = { limit: null, lastMs: null };
  if (words.length !== 2 && words.length !== 4) {
    return { ok: false, message: 'must be "limit <n>", "last <duration>" or both' };
  }
  for (let index = 0; index < words.length; index += 2) {
    const keyword = words[index];
    const argument = words[index + 1] ?? '';
    if (keyword === 'limit' && range.limit === null) {
      const limit = /^\d{1,9}$/.test(argument) ? Number(argument) : NaN;
      if (!(limit >= 1 && limit <= MAX_TIME_SERIES_LIMIT)) {
        return {
          ok: false,
          message: `limit must be a whole number from 1 to ${MAX_TIME_SERIES_LIMIT}`,
        };
      }
      range.limit = limit;
    } else if (keyword === 'last' && range.lastMs === null) {
      const duration = parseDuration(argument);
      if (!duration.ok) return duration;
      range.lastMs = duration.ms;
    } else {
      return { ok: false, message: 'must be "limit <n>", "last <duration>" or both' };
    }
  }
  return { ok: true, range };
}

/**
 * How many of the oldest events fall outside the range at `now`. Events are in sequence order, so also in time
 * order; `timestampAt(i)` is the epoch milliseconds of the i-th oldest of `count` events.
 */
export function eventsBeyondRange(
  count: number,
  timestampAt: (index: number) => number,
  range: TimeSeriesRange,
  now: number,
): number {
  let drop = range.limit !== null ? Math.max(0, count - range.limit) : 0;
  if (range.lastMs !== null) {
    const oldest = now - range.lastMs;
    while (drop < count && timestampAt(drop) < oldest) drop += 1;
  }
  return drop;
}
