import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimit } from '../db/schema';

/**
 * Counts one attempt in the fixed window containing `now`: a single INSERT ... ON CONFLICT DO UPDATE, atomic on
 * PostgreSQL 15 and PGlite alike, so concurrent attempts (even from several servers) are all counted. A row of an
 * earlier window restarts at 1. Returns the count including this attempt and the window's start.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; windowStart: Date }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when "rate_limit"."window_start" >= excluded."window_start" then "rate_limit"."count" + 1 else 1 end`,
        windowStart: sql`greatest("rate_limit"."window_start", excluded."window_start")`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.windowStart });
  if (!row) throw new Error('rate_limit upsert returned no row');
  return row;
}

/** Drops counters of windows that ended long ago. */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.windowStart, olderThan));
}
