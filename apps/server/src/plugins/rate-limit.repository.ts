import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimit } from '../db/schema';

/**
 * Counts one attempt in the key's window: a window opens at the key's first attempt and lasts `windowMs`; the
 * first attempt after it ends opens the next one at 1. Windows anchored to the key rather than to the clock
 * (minute 0, 1, ...) refuse at most the limit in any window a client sees, where clock-aligned windows let a
 * client spend the limit twice within a second across a boundary. One `INSERT ... ON CONFLICT DO UPDATE`, atomic
 * on PostgreSQL 15 and PGlite alike, so concurrent attempts (even from several servers) are all counted.
 * Returns the count including this attempt and the window's start.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; windowStart: Date }> {
  const windowOpen = sql`"rate_limit"."window_start" > excluded."window_start" - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${windowOpen} then "rate_limit"."count" + 1 else 1 end`,
        windowStart: sql`case when ${windowOpen} then "rate_limit"."window_start" else excluded."window_start" end`,
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
