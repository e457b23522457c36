/**
 * Tokens whose signature and claims were verified, by their text, until they expire (issue 14: an ES256
 * verification costs ~1 ms of CPU; a device that reconnects, or a fleet sharing its service's token, pays a map
 * lookup instead). Only verified tokens enter, so a client cannot fill it without valid tokens; it is bounded all
 * the same, the oldest entry going first. What a token grants is still decided at each use from the cached claims
 * and the current state (credential version, dashboard revocations), so a revocation applies to cached tokens too.
 */
export interface VerifiedTokenCache<T> {
  /** The cached value, or undefined when absent or expired at `nowMs` (an expired entry is dropped). */
  get(token: string, nowMs: number): T | undefined;
  /** Keeps `value` until `expiresAtMs` (the token's `exp` in ms). */
  set(token: string, value: T, expiresAtMs: number): void;
  readonly size: number;
}

export function createVerifiedTokenCache<T>(maxEntries: number): VerifiedTokenCache<T> {
  const entries = new Map<string, { value: T; expiresAtMs: number }>();
  return {
    get(token, nowMs) {
      const entry = entries.get(token);
      if (entry === undefined) return undefined;
      // RFC 7519 section 4.1.4: not accepted on or after its expiration time.
      if (nowMs >= entry.expiresAtMs) {
        entries.delete(token);
        return undefined;
      }
      return entry.value;
    },
    set(token, value, expiresAtMs) {
      if (!entries.has(token) && entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
      entries.set(token, { value, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
}
