import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** The cheapest round trip that proves the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
