/**
 * Throttles password logins (MQTT CONNECT with a principal's name and password). A wrong password costs the
 * runtime a scrypt hash (tens of milliseconds of CPU) and is a guess at the password; unbounded, both are attacks.
 * Failures are counted per key — the client's address and the principal's name — in a sliding window; a key with
 * `maxFailures` failures in the last `windowMs` is refused without hashing until the oldest failure leaves the
 * window. A successful login clears its principal's count. Tokens are not throttled: an ES256 signature cannot be
 * guessed, and verifying one is cheap.
 */
export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
  /** At most this many keys are remembered; the oldest is forgotten first (bounded memory under a flood). */
  maxKeys: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  maxFailures: 10,
  windowMs: 60_000,
  maxKeys: 10_000,
};

export type ThrottleVerdict =
  { blocked: false } | { blocked: true; key: string; retryAfterMs: number };

export interface LoginThrottle {
  check(keys: readonly string[], now: number): ThrottleVerdict;
  recordFailure(keys: readonly string[], now: number): void;
  recordSuccess(key: string): void;
}

export function createLoginThrottle(
  options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const times = failures.get(key);
    if (times === undefined) return [];
    const kept = times.filter((time) => now - time < options.windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  return {
    check(keys, now) {
      for (const key of keys) {
        const times = recent(key, now);
        if (times.length >= options.maxFailures) {
          const oldest = times[times.length - options.maxFailures] as number;
          return { blocked: true, key, retryAfterMs: oldest + options.windowMs - now };
        }
      }
      return { blocked: false };
    },
    recordFailure(keys, now) {
      for (const key of keys) {
        // Re-inserting moves the key to the end of the map's order, so eviction takes the least recently failed.
        const times = [...recent(key, now), now].slice(-options.maxFailures);
        failures.delete(key);
        failures.set(key, times);
        if (failures.size > options.maxKeys) {
          const oldestKey = failures.keys().next().value;
          if (oldestKey !== undefined) failures.delete(oldestKey);
        }
      }
    },
    recordSuccess(key) {
      failures.delete(key);
    },
  };
}

/** The throttle keys of a login attempt: its address (when known) and the principal it names. */
export function loginThrottleKeys(address: string | null, principal: string): string[] {
  return [...(address === null ? [] : [`address:${address}`]), `principal:${principal}`];
}
