import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database; repositories are plain functions of it. */
    db: Database;
  }
}

/**
 * Exposes the database to routes. Closing it is its opener's job (server.ts, a test, or buildApp when it opened
 * the database itself), so that an app can be rebuilt on a database that outlives it.
 */
async function dbPlugin(
  app: FastifyInstance,
  options: { database: DatabaseHandle },
): Promise<void> {
  app.decorate('db', options.database.db);
}

export const databasePlugin = fp(dbPlugin, { name: 'herald-db' });
