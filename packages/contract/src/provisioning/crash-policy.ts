/**
 * How a workload that keeps crashing is restarted (docs/decisions/014, 042): each unexpected exit is counted in a
 * sliding window; below the limit the next start waits a backoff that doubles per crash in the window up to a
 * maximum, and the limit-th crash in the window stops the retries (status ERROR until someone asks again).
 */
export interface CrashPolicy {
  /** First backoff; doubled per crash in the window. */
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** This many crashes within the window end the retries. */
  crashLimit: number;
  crashWindowMs: number;
}

export const DEFAULT_CRASH_POLICY: CrashPolicy = {
  backoffInitialMs: 500,
  backoffMaxMs: 10_000,
  crashLimit: 5,
  crashWindowMs: 60_000,
};

/** The backoff before the next start after the `crashCount`-th crash in the window (1 = the first). */
export function backoffDelayMs(crashCount: number, policy: CrashPolicy): number {
  const exponent = Math.max(0, crashCount - 1);
  return Math.min(policy.backoffInitialMs * 2 ** exponent, policy.backoffMaxMs);
}

export type CrashDecision = { kind: 'restart'; delayMs: number } | { kind: 'error' };

/** A crash at `now`: the crash times still in the window (this one last) and what to do next. */
export function afterCrash(
  crashes: readonly number[],
  now: number,
  policy: CrashPolicy,
): { crashes: number[]; decision: CrashDecision } {
  const recent = [...crashes.filter((at) => now - at < policy.crashWindowMs), now];
  const decision: CrashDecision =
    recent.length >= policy.crashLimit
      ? { kind: 'error' }
      : { kind: 'restart', delayMs: backoffDelayMs(recent.length, policy) };
  return { crashes: recent, decision };
}
