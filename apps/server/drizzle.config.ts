import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @herald/server` writes SQL migrations from the schema; the server applies them at start
// on both drivers (PGlite and a PostgreSQL server), so keep to PostgreSQL 15 features (docs/decisions/001).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
