/**
 * Delay before the next attempt to reach Kafka after `failures` failed ones in a row: doubling from 100 ms, at most
 * 5 s, so a cluster back after an outage is reached within 5 s while a long outage costs one refused connection
 * every 5 s. Jitter of up to a quarter keeps several adapters from retrying in step.
 */
export const RETRY_BACKOFF = { firstMs: 100, maxMs: 5_000 } as const;

export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(
    RETRY_BACKOFF.maxMs,
    RETRY_BACKOFF.firstMs * 2 ** Math.max(0, failures - 1),
  );
  return Math.round(base * (1 - random() * 0.25));
}
