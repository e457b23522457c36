import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { kafkaAdapter, kafkaCluster, kafkaService } from '../../db/schema';

export type KafkaAdapterRow = typeof kafkaAdapter.$inferSelect;
export type KafkaClusterRow = typeof kafkaCluster.$inferSelect;
export type KafkaServiceRow = typeof kafkaService.$inferSelect;

/** An adapter with everything under it, in creation order. */
export interface KafkaAdapterTree {
  adapter: KafkaAdapterRow;
  clusters: KafkaClusterRow[];
  services: KafkaServiceRow[];
}

export async function countAdapters(db: Database, serviceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(kafkaAdapter)
    .where(eq(kafkaAdapter.serviceId, serviceId));
  return row?.n ?? 0;
}

export async function insertAdapter(
  db: Database,
  values: typeof kafkaAdapter.$inferInsert,
): Promise<KafkaAdapterRow> {
  const [row] = await db.insert(kafkaAdapter).values(values).returning();
  return row!;
}

/** The service's adapter `adapterId`; undefined when it is not this service's (the same 404 either way). */
export async function findAdapter(
  db: Database,
  serviceId: string,
  adapterId: string,
): Promise<KafkaAdapterRow | undefined> {
  const [row] = await db
    .select()
    .from(kafkaAdapter)
    .where(and(eq(kafkaAdapter.id, adapterId), eq(kafkaAdapter.serviceId, serviceId)))
    .limit(1);
  return row;
}

export async function findAdapterById(
  db: Database,
  adapterId: string,
): Promise<KafkaAdapterRow | undefined> {
  const [row] = await db.select().from(kafkaAdapter).where(eq(kafkaAdapter.id, adapterId)).limit(1);
  return row;
}

export async function listAdapterRows(
  db: Database,
  serviceId?: string,
): Promise<KafkaAdapterRow[]> {
  return db
    .select()
    .from(kafkaAdapter)
    .where(serviceId === undefined ? undefined : eq(kafkaAdapter.serviceId, serviceId))
    .orderBy(asc(kafkaAdapter.createdAt), asc(kafkaAdapter.id));
}

/** The adapters' trees (of one service, or the given adapters), each list in creation order. */
export async function loadTrees(
  db: Database,
  adapters: KafkaAdapterRow[],
): Promise<KafkaAdapterTree[]> {
  if (adapters.length === 0) return [];
  const ids = adapters.map((adapter) => adapter.id);
  const clusters = await db
    .select()
    .from(kafkaCluster)
    .where(inArray(kafkaCluster.adapterId, ids))
    .orderBy(asc(kafkaCluster.createdAt), asc(kafkaCluster.id));
  const services = await db
    .select()
    .from(kafkaService)
    .where(inArray(kafkaService.adapterId, ids))
    .orderBy(asc(kafkaService.createdAt), asc(kafkaService.id));
  return adapters.map((adapter) => ({
    adapter,
    clusters: clusters.filter((cluster) => cluster.adapterId === adapter.id),
    services: services.filter((item) => item.adapterId === adapter.id),
  }));
}

export async function updateAdapter(
  db: Database,
  adapterId: string,
  values: Partial<typeof kafkaAdapter.$inferInsert>,
  now: Date,
): Promise<KafkaAdapterRow> {
  const [row] = await db
    .update(kafkaAdapter)
    .set({ ...values, updatedAt: now })
    .where(eq(kafkaAdapter.id, adapterId))
    .returning();
  return row!;
}

/** A change of its clusters, publishers or subscribers: its process restarts with them. */
export async function bumpAdapterRestart(
  db: Database,
  adapterId: string,
  now: Date,
): Promise<void> {
  await db
    .update(kafkaAdapter)
    .set({ restartGeneration: sql`${kafkaAdapter.restartGeneration} + 1`, updatedAt: now })
    .where(eq(kafkaAdapter.id, adapterId));
}

export async function deleteAdapter(db: Database, adapterId: string): Promise<void> {
  await db.delete(kafkaAdapter).where(eq(kafkaAdapter.id, adapterId));
}

export async function findCluster(
  db: Database,
  adapterId: string,
  clusterId: string,
): Promise<KafkaClusterRow | undefined> {
  const [row] = await db
    .select()
    .from(kafkaCluster)
    .where(and(eq(kafkaCluster.id, clusterId), eq(kafkaCluster.adapterId, adapterId)))
    .limit(1);
  return row;
}

export async function insertCluster(
  db: Database,
  values: typeof kafkaCluster.$inferInsert,
): Promise<KafkaClusterRow> {
  const [row] = await db.insert(kafkaCluster).values(values).returning();
  return row!;
}

export async function updateCluster(
  db: Database,
  clusterId: string,
  values: Partial<typeof kafkaCluster.$inferInsert>,
): Promise<KafkaClusterRow> {
  const [row] = await db
    .update(kafkaCluster)
    .set(values)
    .where(eq(kafkaCluster.id, clusterId))
    .returning();
  return row!;
}

export async function deleteCluster(db: Database, clusterId: string): Promise<void> {
  await db.delete(kafkaCluster).where(eq(kafkaCluster.id, clusterId));
}

export async function findKafkaService(
  db: Database,
  clusterId: string,
  serviceId: string,
  type: KafkaServiceRow['type'],
): Promise<KafkaServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(kafkaService)
    .where(
      and(
        eq(kafkaService.id, serviceId),
        eq(kafkaService.clusterId, clusterId),
        eq(kafkaService.type, type),
      ),
    )
    .limit(1);
  return row;
}

export async function insertKafkaService(
  db: Database,
  values: typeof kafkaService.$inferInsert,
): Promise<KafkaServiceRow> {
  const [row] = await db.insert(kafkaService).values(values).returning();
  return row!;
}

export async function updateKafkaService(
  db: Database,
  id: string,
  values: Partial<typeof kafkaService.$inferInsert>,
): Promise<KafkaServiceRow> {
  const [row] = await db
    .update(kafkaService)
    .set(values)
    .where(eq(kafkaService.id, id))
    .returning();
  return row!;
}

export async function deleteKafkaService(db: Database, id: string): Promise<void> {
  await db.delete(kafkaService).where(eq(kafkaService.id, id));
}

/** The nearest scheduled adapter upgrade (its service's id, to reconcile it then). */
export async function nextScheduledAdapterUpgrade(
  db: Database,
): Promise<{ id: string; at: number } | null> {
  const [next] = await db
    .select({ id: kafkaAdapter.serviceId, at: kafkaAdapter.scheduledTimestamp })
    .from(kafkaAdapter)
    .where(
      and(isNotNull(kafkaAdapter.scheduledVersion), isNotNull(kafkaAdapter.scheduledTimestamp)),
    )
    .orderBy(asc(kafkaAdapter.scheduledTimestamp))
    .limit(1);
  return next && next.at !== null ? { id: next.id, at: next.at } : null;
}

/**
 * Applies the adapter's scheduled upgrade when due, conditional on the schedule still being the one read (the owner
 * may cancel meanwhile); returns the row as it is now.
 */
export async function applyDueAdapterUpgrade(
  db: Database,
  row: KafkaAdapterRow,
  now: Date,
): Promise<KafkaAdapterRow> {
  if (
    row.scheduledVersion === null ||
    row.scheduledTimestamp === null ||
    row.scheduledTimestamp > now.getTime()
  ) {
    return row;
  }
  const [updated] = await db
    .update(kafkaAdapter)
    .set({
      version: row.scheduledVersion,
      scheduledVersion: null,
      scheduledTimestamp: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(kafkaAdapter.id, row.id),
        eq(kafkaAdapter.scheduledVersion, row.scheduledVersion),
        eq(kafkaAdapter.scheduledTimestamp, row.scheduledTimestamp),
      ),
    )
    .returning();
  return updated ?? row;
}
