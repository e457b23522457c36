import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureRuntimeBundle } from '@herald/runtime/build/runtime-bundle';
import { fromPglite, openPostgres } from '../db/create-database';
import { startPostgresServer } from './postgres-server';
import { testDatabaseKind } from './test-database-kind';

export const TEMPLATE_DATABASE = 'herald_template';

/**
 * Builds the expensive fixture once per test run (STACK "PGlite": initdb costs seconds and ~1 GB, so never per
 * test): one migrated database that every test file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The provisioner spawns the compiled runtime (docs/decisions/028): build it once here rather than in a test.
  await ensureRuntimeBundle();
  // The project's `env` reaches test workers, not this main-process hook: read it from the project config.
  if (testDatabaseKind(project.config.env) === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-pglite-template-'));
    const templateFile = path.join(dir, 'template.tar');
    const handle = await fromPglite(await PGlite.create());
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteTemplateFile', templateFile);
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const server = await startPostgresServer();
  try {
    const admin = new pg.Client({ connectionString: server.urlFor('postgres') });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    // Migrate the template and close every connection to it: CREATE DATABASE ... TEMPLATE needs it idle.
    const template = await openPostgres(server.urlFor(TEMPLATE_DATABASE));
    await template.close();
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('postgresAdminUrl', server.urlFor('postgres'));
  project.provide('postgresTemplateDatabase', TEMPLATE_DATABASE);
  return () => server.stop();
}
