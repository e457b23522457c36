import { createHash } from 'node:crypto';
import { DASHBOARD_TOKEN_TTL_SECONDS } from '@herald/contract/services/service-token';
import type { User } from '@herald/contract/users/user.schema';
import type { Database } from '../../db/database';
import { readCacheOf } from '../../db/read-caches';
import { deepFreeze } from '../../lib/deep-freeze';

/**
 * GET /v3/user on the embedded database (docs/decisions/039): the answer, dashboard token included, is kept per
 * session until the next write of any kind. Every change that could make the token wrong is a write (a role change,
 * a removal, a sign-out, a password change, a revocation row, a signing key rotation), so the next call signs a new
 * one, as before. Without writes the token is reused for a third of its lifetime only, so an answer always carries a
 * token with at least two thirds of its 15 minutes left.
 */
export const DASHBOARD_TOKEN_REUSE_MS = (DASHBOARD_TOKEN_TTL_SECONDS * 1000) / 3;

/** One entry a session: as many as the session resolution cache holds. */
const CURRENT_USER_ENTRIES = 10_000;

interface CachedUser {
  user: User;
  /** Taken before the token was signed: no later than the token's own issue time. */
  signedAtMs: number;
}

function keyOf(sessionToken: string): string {
  // The session token is a secret: the cache keeps its hash, as the session cache does.
  return createHash('sha256').update(sessionToken).digest('base64url');
}

export async function cachedCurrentUser(
  db: Database,
  sessionToken: string,
  now: Date,
  load: () => Promise<User>,
): Promise<User> {
  const cache = readCacheOf<CachedUser>(db, 'current-user', CURRENT_USER_ENTRIES);
  if (!cache) return load();
  const key = keyOf(sessionToken);
  const cached = cache.get(key);
  if (cached && now.getTime() - cached.signedAtMs < DASHBOARD_TOKEN_REUSE_MS) return cached.user;
  cache.delete(key);
  const signedAtMs = now.getTime();
  const entry = await cache.getOrLoad(key, async () => ({
    user: deepFreeze(await load()),
    signedAtMs,
  }));
  return entry!.user;
}
