import {
  isDashboardRevocationObsolete,
  type DashboardRevocation,
} from '@herald/contract/services/dashboard-access';

/**
 * Revocations of members' dashboard tokens (docs/decisions/013): customer id → the latest "not before" time in
 * epoch milliseconds. The control plane pushes them when a member's access changes and pushes the recent ones
 * again whenever it (re-)attaches, so pushing is idempotent: an older or equal time changes nothing.
 */
export function revocationsToApply(
  current: ReadonlyMap<string, number>,
  incoming: readonly DashboardRevocation[],
  nowMs: number,
): DashboardRevocation[] {
  const latest = new Map<string, number>();
  for (const { customerId, notBefore } of incoming) {
    if (isDashboardRevocationObsolete(notBefore, nowMs)) continue;
    const known = Math.max(
      current.get(customerId) ?? -Infinity,
      latest.get(customerId) ?? -Infinity,
    );
    if (notBefore > known) latest.set(customerId, notBefore);
  }
  return [...latest].map(([customerId, notBefore]) => ({ customerId, notBefore }));
}

/** The revocations still worth keeping: once every token they refuse has expired they are dropped. */
export function liveRevocations(
  revocations: ReadonlyMap<string, number>,
  nowMs: number,
): [string, number][] {
  return [...revocations].filter(
    ([, notBefore]) => !isDashboardRevocationObsolete(notBefore, nowMs),
  );
}
