import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { restAdapter, restApi, restEndpoint } from '../../db/schema';

export type RestAdapterRow = typeof restAdapter.$inferSelect;
export type RestApiRow = typeof restApi.$inferSelect;
export type RestEndpointRow = typeof restEndpoint.$inferSelect;

/** An API with its endpoints, in creation order. */
export interface RestApiTree {
  api: RestApiRow;
  endpoints: RestEndpointRow[];
}

export async function findRestAdapterOfService(
  db: Database,
  serviceId: string,
): Promise<RestAdapterRow | undefined> {
  const [row] = await db
    .select()
    .from(restAdapter)
    .where(eq(restAdapter.serviceId, serviceId))
    .limit(1);
  return row;
}

export async function findRestAdapterById(
  db: Database,
  adapterId: string,
): Promise<RestAdapterRow | undefined> {
  const [row] = await db.select().from(restAdapter).where(eq(restAdapter.id, adapterId)).limit(1);
  return row;
}

export async function listRestAdapterRows(
  db: Database,
  serviceId?: string,
): Promise<RestAdapterRow[]> {
  return db
    .select()
    .from(restAdapter)
    .where(serviceId === undefined ? undefined : eq(restAdapter.serviceId, serviceId))
    .orderBy(asc(restAdapter.createdAt), asc(restAdapter.id));
}

/**
 * The service's adapter, created with `values` when it has none. Two first APIs added at once make one adapter: the
 * unique service id turns the second insert into nothing, and the row is read again.
 */
export async function ensureRestAdapter(
  db: Database,
  values: typeof restAdapter.$inferInsert,
): Promise<{ adapter: RestAdapterRow; created: boolean }> {
  const [inserted] = await db
    .insert(restAdapter)
    .values(values)
    .onConflictDoNothing({ target: restAdapter.serviceId })
    .returning();
  if (inserted) return { adapter: inserted, created: true };
  return { adapter: (await findRestAdapterOfService(db, values.serviceId))!, created: false };
}

export async function updateRestAdapter(
  db: Database,
  adapterId: string,
  values: Partial<typeof restAdapter.$inferInsert>,
  now: Date,
): Promise<RestAdapterRow> {
  const [row] = await db
    .update(restAdapter)
    .set({ ...values, updatedAt: now })
    .where(eq(restAdapter.id, adapterId))
    .returning();
  return row!;
}

/** A change of the service's APIs or endpoints: its adapter's process restarts with them (none yet: nothing). */
export async function bumpRestAdapterRestart(
  db: Database,
  serviceId: string,
  now: Date,
): Promise<void> {
  await db
    .update(restAdapter)
    .set({ restartGeneration: sql`${restAdapter.restartGeneration} + 1`, updatedAt: now })
    .where(eq(restAdapter.serviceId, serviceId));
}

export async function listRestApiRows(db: Database, serviceId: string): Promise<RestApiRow[]> {
  return db
    .select()
    .from(restApi)
    .where(eq(restApi.serviceId, serviceId))
    .orderBy(asc(restApi.createdAt), asc(restApi.id));
}

/** The APIs' trees, each endpoint list in creation order. */
export async function loadRestApiTrees(db: Database, apis: RestApiRow[]): Promise<RestApiTree[]> {
  if (apis.length === 0) return [];
  const endpoints = await db
    .select()
    .from(restEndpoint)
    .where(
      inArray(
        restEndpoint.apiId,
        apis.map((api) => api.id),
      ),
    )
    .orderBy(asc(restEndpoint.createdAt), asc(restEndpoint.id));
  return apis.map((api) => ({
    api,
    endpoints: endpoints.filter((endpoint) => endpoint.apiId === api.id),
  }));
}

/** How many endpoints the service's APIs have (the process runs only with one at least). */
export async function countRestEndpoints(db: Database, serviceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(restEndpoint)
    .innerJoin(restApi, eq(restApi.id, restEndpoint.apiId))
    .where(eq(restApi.serviceId, serviceId));
  return row?.n ?? 0;
}

/** The service's API `apiId`; undefined when it is not this service's (the same 404 either way). */
export async function findRestApi(
  db: Database,
  serviceId: string,
  apiId: string,
): Promise<RestApiRow | undefined> {
  const [row] = await db
    .select()
    .from(restApi)
    .where(and(eq(restApi.id, apiId), eq(restApi.serviceId, serviceId)))
    .limit(1);
  return row;
}

export async function findRestEndpoint(
  db: Database,
  apiId: string,
  endpointId: string,
): Promise<RestEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(restEndpoint)
    .where(and(eq(restEndpoint.id, endpointId), eq(restEndpoint.apiId, apiId)))
    .limit(1);
  return row;
}

/** An API with its first endpoints, in one transaction (all or nothing). */
export async function insertRestApi(
  db: Database,
  api: typeof restApi.$inferInsert,
  endpoints: (typeof restEndpoint.$inferInsert)[],
): Promise<RestApiTree> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(restApi).values(api).returning();
    const rows =
      endpoints.length === 0 ? [] : await tx.insert(restEndpoint).values(endpoints).returning();
    return { api: row!, endpoints: rows };
  });
}

export async function updateRestApi(
  db: Database,
  apiId: string,
  values: Partial<typeof restApi.$inferInsert>,
): Promise<RestApiRow> {
  const [row] = await db.update(restApi).set(values).where(eq(restApi.id, apiId)).returning();
  return row!;
}

export async function deleteRestApi(db: Database, apiId: string): Promise<void> {
  await db.delete(restApi).where(eq(restApi.id, apiId));
}

export async function insertRestEndpoint(
  db: Database,
  values: typeof restEndpoint.$inferInsert,
): Promise<RestEndpointRow> {
  const [row] = await db.insert(restEndpoint).values(values).returning();
  return row!;
}

export async function updateRestEndpoint(
  db: Database,
  endpointId: string,
  values: Partial<typeof restEndpoint.$inferInsert>,
): Promise<RestEndpointRow> {
  const [row] = await db
    .update(restEndpoint)
    .set(values)
    .where(eq(restEndpoint.id, endpointId))
    .returning();
  return row!;
}

export async function deleteRestEndpoint(db: Database, endpointId: string): Promise<void> {
  await db.delete(restEndpoint).where(eq(restEndpoint.id, endpointId));
}
