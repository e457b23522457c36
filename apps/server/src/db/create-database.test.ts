import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { testDatabaseKind } from '../testing/test-database-kind';
import { createDatabase } from './create-database';
import type { DatabaseHandle } from './database';
import { DatabaseLockError } from './pglite-lock';

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  // Both drivers answer execute() with `{ rows }`; the shared PgDatabase type cannot say so.
  const result = (await handle.db.execute(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: Array<{ count: string | number }>;
  };
  return Number(result.rows[0]?.count);
}

const migrationFiles = fs
  .readdirSync(new URL('./migrations', import.meta.url))
  .filter((name) => name.endsWith('.sql'));

describe.runIf(testDatabaseKind() === 'pglite')('createDatabase on the embedded PGlite', () => {
  it('creates DATA_DIR/db, refuses a second opener, and reopens migrated with the same installation id', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-pglite-'));
    try {
      const first = await createDatabase({ dataDir, databaseUrl: undefined });
      expect(first.driver).toBe('pglite');
      expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      expect(await appliedMigrations(first)).toBe(migrationFiles.length);

      await expect(createDatabase({ dataDir, databaseUrl: undefined })).rejects.toThrow(
        DatabaseLockError,
      );
      await first.close();
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

      const reopened = await createDatabase({ dataDir, databaseUrl: undefined });
      expect(reopened.instanceId).toBe(first.instanceId);
      expect(await appliedMigrations(reopened)).toBe(migrationFiles.length);
      await reopened.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000); // initdb of a fresh PGlite takes seconds, and far longer on a loaded 2-core machine
});

describe.runIf(testDatabaseKind() === 'postgres')('createDatabase on a PostgreSQL server', () => {
  it('migrates an empty database once, even with two servers starting at the same time', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const name = `herald_fresh_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const config = { dataDir: '/nonexistent', databaseUrl: url.href };
    try {
      const [first, second] = await Promise.all([createDatabase(config), createDatabase(config)]);
      expect(first.driver).toBe('postgres');
      expect(second.instanceId).toBe(first.instanceId);
      expect(await appliedMigrations(first)).toBe(migrationFiles.length);
      await Promise.all([first.close(), second.close()]);

      const reopened = await createDatabase(config);
      expect(reopened.instanceId).toBe(first.instanceId);
      expect(await appliedMigrations(reopened)).toBe(migrationFiles.length);
      await reopened.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('says which setting to check when the server cannot be reached', async () => {
    await expect(
      createDatabase({
        dataDir: '/nonexistent',
        databaseUrl: 'postgres://postgres@127.0.0.1:1/herald',
      }),
    ).rejects.toThrow(
      /^Cannot connect to the PostgreSQL server of DATABASE_URL: connect ECONNREFUSED 127\.0\.0\.1:1\./,
    );
  });
});
