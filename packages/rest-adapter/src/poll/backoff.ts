/**
 * When an endpoint is polled again after a failure (docs/decisions/051): its interval doubled per failure in a row,
 * with full jitter over the upper half (so endpoints failing together do not retry together), never under its own
 * interval and capped at 5 minutes; a 429 or 503 with Retry-After (seconds or an HTTP date) is honoured, under the
 * same cap. Pure: the caller passes the random number and the clock.
 */
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffDelayMs(options: {
  intervalMs: number;
  consecutiveFailures: number;
  /** A number in [0, 1). */
  random: number;
}): number {
  const { intervalMs, consecutiveFailures, random } = options;
  if (consecutiveFailures <= 0) return intervalMs;
  const ceiling = Math.min(BACKOFF_CAP_MS, intervalMs * 2 ** Math.min(consecutiveFailures, 20));
  const floor = Math.max(intervalMs, ceiling / 2);
  return Math.round(Math.min(BACKOFF_CAP_MS, floor + (ceiling - floor) * random));
}

/** A Retry-After header's wait in milliseconds (RFC 9110 10.2.3), or null when absent or not understood. */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (header === null || header === undefined) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** The delay before the next poll after a failure: Retry-After when the API gave one, else the backoff. */
export function failureDelayMs(options: {
  intervalMs: number;
  consecutiveFailures: number;
  random: number;
  retryAfterMs: number | null;
}): number {
  if (options.retryAfterMs !== null) {
    return Math.min(BACKOFF_CAP_MS, Math.max(options.intervalMs, options.retryAfterMs));
  }
  return backoffDelayMs(options);
}
