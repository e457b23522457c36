import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedStatementsOf } from '../../db/prepared-statements';
import { service } from '../../db/schema';
import { writeGenerationOf } from '../../db/write-generation';
import { deepFreeze } from '../../lib/deep-freeze';
import { GenerationCache } from '../../lib/generation-cache';
import type { ServiceRow } from '../service/service.repository';

function prepareList(db: Database) {
  return db
    .select()
    .from(service)
    .where(
      and(
        eq(service.workspaceId, sql.placeholder('workspaceId')),
        ne(service.desiredState, 'deleted'),
      ),
    )
    .orderBy(asc(service.createdAt), asc(service.id))
    .prepare('herald_workspace_services');
}

const preparedByDb = new WeakMap<Database, ReturnType<typeof prepareList>>();

/**
 * On the embedded database only, the list is cached per workspace until the next write of any kind
 * (docs/decisions/015, "Embedded database: read cache"). The rows depend on the workspace alone: the route's guard
 * has already checked the caller's membership, and every member sees the same list.
 */
const LIST_CACHE_ENTRIES = 1_000;

const cacheByDb = new WeakMap<Database, GenerationCache<readonly ServiceRow[]>>();

function listCacheOf(db: Database): GenerationCache<readonly ServiceRow[]> | undefined {
  let cache = cacheByDb.get(db);
  if (!cache) {
    const generation = writeGenerationOf(db);
    if (!generation) return undefined;
    // Fewer entries than the session cache: one entry holds every service row of a workspace.
    cache = new GenerationCache<readonly ServiceRow[]>(generation, LIST_CACHE_ENTRIES);
    cacheByDb.set(db, cache);
  }
  return cache;
}

function queryList(db: Database, workspaceId: string): Promise<ServiceRow[]> {
  let list = preparedByDb.get(db);
  if (!list) {
    list = prepareList(preparedStatementsOf(db));
    preparedByDb.set(db, list);
  }
  return list.execute({ workspaceId });
}

/**
 * The live services of one workspace, oldest first (what listServicesOf answers for one id), as a prepared
 * statement: the services list is the dashboard's most frequent signed-in read (docs/decisions/015). The rows are
 * frozen: they may be shared with later requests.
 */
export async function listLiveServicesOfWorkspace(
  db: Database,
  workspaceId: string,
): Promise<readonly ServiceRow[]> {
  const cache = listCacheOf(db);
  if (!cache) return queryList(db, workspaceId);
  const rows = await cache.getOrLoad(workspaceId, async () =>
    deepFreeze(await queryList(db, workspaceId)),
  );
  return rows ?? [];
}
