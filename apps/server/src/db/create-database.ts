import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { StartupError } from '../lib/startup-error';
import type { Database, DatabaseHandle } from './database';
import { ensureInstanceId } from './instance-info.repository';
import { MIGRATION_ADVISORY_LOCK_KEY, MIGRATIONS_FOLDER } from './migrate';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';
import { trackWrites } from './write-generation';

/**
 * Opens the database port (ARCHITECTURE "Ports"): a PostgreSQL server when DATABASE_URL is set, else the embedded
 * PGlite under DATA_DIR/db. Either way migrations are applied and the installation id exists before this returns.
 */
export async function createDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  logger?: Logger,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, logger);
  return openPglite(path.join(config.dataDir, 'db'));
}

export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const lock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir);
    return await fromPglite(client, { onClose: () => lock.release() });
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Wraps an open PGlite (from a data dir or a loaded dump), migrating it. Closing the handle closes the client. */
export async function fromPglite(
  client: PGlite,
  options: { onClose?: () => void } = {},
): Promise<DatabaseHandle> {
  try {
    // Before anything runs: every write from here on moves the generation the read caches check (decision 015).
    trackWrites(client);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return await toHandle(db as unknown as Database, 'pglite', async () => {
      if (!client.closed) await client.close();
      options.onClose?.();
    });
  } catch (error) {
    if (!client.closed) await client.close();
    throw error;
  }
}

export async function openPostgres(
  connectionString: string,
  logger?: Logger,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection (server restart) must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger?.error({ err: error }, 'PostgreSQL connection error'));
  try {
    await migratePostgres(pool);
    return await toHandle(
      drizzlePg({ client: pool, schema }) as unknown as Database,
      'postgres',
      () => pool.end(),
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
}

async function migratePostgres(pool: pg.Pool): Promise<void> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new StartupError(
      `Cannot connect to the PostgreSQL server of DATABASE_URL: ${(error as Error).message}. ` +
        'Check that the server is running and the URL (host, port, database, user, password) is right.',
    );
  }
  try {
    // The advisory lock is per session, so the migrator runs on this same connection.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function toHandle(
  db: Database,
  driver: DatabaseHandle['driver'],
  close: () => Promise<void>,
): Promise<DatabaseHandle> {
  const instanceId = await ensureInstanceId(db);
  let closing: Promise<void> | undefined;
  return {
    db,
    driver,
    instanceId,
    close: () => (closing ??= close()),
  };
}
