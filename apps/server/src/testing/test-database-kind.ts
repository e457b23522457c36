/** Which database the current test leg runs on: the server-pglite or the server-postgres Vitest project. */
export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(
  env: Record<string, string | undefined> = process.env,
): TestDatabaseKind {
  const kind = env.HERALD_TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') {
    throw new Error(`HERALD_TEST_DB must be pglite or postgres (got ${JSON.stringify(kind)})`);
  }
  return kind;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** pglite leg: a dump of one migrated PGlite database, loaded fresh by each test file. */
    pgliteTemplateFile: string;
    /** postgres leg: the test server and the migrated template database each test file copies. */
    postgresAdminUrl: string;
    postgresTemplateDatabase: string;
  }
}
