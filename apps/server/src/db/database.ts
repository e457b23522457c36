import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database both drivers (PGlite, node-postgres) provide; repositories take this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

/** An open database: the Drizzle handle plus what only its owner does (close). */
export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseDriver;
  /** The installation's id from instance_info. */
  readonly instanceId: string;
  close(): Promise<void>;
}
