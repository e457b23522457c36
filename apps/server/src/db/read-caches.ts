import { GenerationCache } from '../lib/generation-cache';
import type { Database } from './database';
import { writeGenerationOf } from './write-generation';

/**
 * Named read caches of one embedded database, each valid until the next write of any kind (docs/decisions/015,
 * "Embedded database: read cache"; docs/decisions/039 for the current user and the workspaces). Undefined on
 * PostgreSQL: other servers may write there unseen, so every read goes to the database.
 */
const cachesByDb = new WeakMap<Database, Map<string, GenerationCache<unknown>>>();

export function readCacheOf<V>(
  db: Database,
  name: string,
  maxEntries: number,
): GenerationCache<V> | undefined {
  const generation = writeGenerationOf(db);
  if (!generation) return undefined;
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = new Map();
    cachesByDb.set(db, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = new GenerationCache<unknown>(generation, maxEntries);
    caches.set(name, cache);
  }
  return cache as GenerationCache<V>;
}
