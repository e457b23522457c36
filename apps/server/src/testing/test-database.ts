import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, openPostgres } from '../db/create-database';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseKind } from './test-database-kind';

export interface TestDatabase extends DatabaseHandle {
  /** For the postgres leg: the URL of this test database (e.g. for a spawned server's DATABASE_URL). */
  readonly url: string | undefined;
}

/**
 * A fresh, migrated database for this test leg, copied from the run's template (global-setup.ts): a PGlite
 * loaded from the template dump, or `CREATE DATABASE ... TEMPLATE` on the test PostgreSQL server.
 * Create one per test file (beforeAll) and close it in afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const dump = new Blob([fs.readFileSync(inject('pgliteTemplateFile'))]);
    const handle = await fromPglite(await PGlite.create({ loadDataDir: dump }));
    return { ...handle, close: handle.close, url: undefined };
  }

  const adminUrl = inject('postgresAdminUrl');
  const name = `herald_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplateDatabase')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.href);
  return {
    ...handle,
    url: url.href,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
