import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testDatabaseKind } from './test-database-kind';

const execFileAsync = promisify(execFile);

/**
 * A DATA_DIR for a real server process. On the PGlite leg `db/` is seeded with the migrated template so the server
 * skips initdb (seconds; creating a fresh embedded database is covered by db/create-database.test.ts); on the
 * PostgreSQL leg the server gets a database of its own.
 */
export async function prepareServerDataDir(
  prefix: string,
): Promise<{ dataDir: string; database: TestDatabase | undefined }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (testDatabaseKind() === 'postgres') return { dataDir, database: await createTestDatabase() };
  fs.mkdirSync(path.join(dataDir, 'db'));
  await execFileAsync('tar', ['-xf', inject('pgliteTemplateFile'), '-C', path.join(dataDir, 'db')]);
  return { dataDir, database: undefined };
}
