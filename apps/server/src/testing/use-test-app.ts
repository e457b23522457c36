import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from './create-test-app';
import type { TestAppOptions } from './create-test-app';
import { createTestDatabase } from './test-database';
import type { TestDatabase } from './test-database';

/**
 * One app on a fresh copy of the migrated template database for the enclosing describe block, closed after it.
 * `onReady` receives both once they exist (assign them to the block's `let`s).
 */
export function useTestApp(
  onReady: (ready: { app: FastifyInstance; database: TestDatabase }) => void,
  options: Omit<TestAppOptions, 'db'> = {},
): void {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ ...options, db: database });
    onReady({ app, database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
}
