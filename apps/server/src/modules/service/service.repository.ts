import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { service, workspace, workspaceMember } from '../../db/schema';

export type ServiceRow = typeof service.$inferSelect;
export type NewServiceRow = typeof service.$inferInsert;
export type ServiceChanges = Omit<
  PgUpdateSetSource<typeof service>,
  'id' | 'workspaceId' | 'clientId' | 'createdAt'
>;

/** A short random service id: 12 lower-case hex characters, like workspace ids. */
export function newServiceId(): string {
  return randomBytes(6).toString('hex');
}

const notDeleted = ne(service.desiredState, 'deleted');

export async function insertService(db: Database, values: NewServiceRow): Promise<ServiceRow> {
  const [row] = await db.insert(service).values(values).returning();
  if (!row) throw new Error('service insert returned no row');
  return row;
}

/** A service that has not been cancelled (a cancelled service is gone for every route). */
export async function findLiveService(
  db: Database,
  serviceId: string,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(service)
    .where(and(eq(service.id, serviceId), notDeleted));
  return row;
}

export async function findServiceByClientId(
  db: Database,
  clientId: string,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(service)
    .where(and(eq(service.clientId, clientId), notDeleted));
  return row;
}

/** Whether any service row holds the name (a cancelled one keeps it until its data is removed). */
export async function isServiceNameTaken(db: Database, serviceName: string): Promise<boolean> {
  const rows = await db
    .select({ id: service.id })
    .from(service)
    .where(eq(service.serviceName, serviceName))
    .limit(1);
  return rows.length > 0;
}

/** The live services of some workspaces, oldest first. */
export function listServicesOf(db: Database, workspaceIds: string[]): Promise<ServiceRow[]> {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(service)
    .where(and(inArray(service.workspaceId, workspaceIds), notDeleted))
    .orderBy(asc(service.createdAt), asc(service.id));
}

export interface ServiceStatusItem {
  serviceId: string;
  servicename: string;
  status: string;
}

/** Separators of the status list's one-value encoding (ASCII unit and record separators: never in ids or names). */
const FIELD = '\u001f';
const RECORD = '\u001e';

/**
 * Id, name and status of every live service of a workspace, oldest first: one indexed query that returns the list
 * as one text value (for 1,000 services that costs a quarter of the rows one by one on PGlite; bench/).
 */
export async function listServiceStatuses(
  db: Database,
  workspaceId: string,
): Promise<ServiceStatusItem[]> {
  const result = await db.execute<{ items: string | null }>(sql`
    select string_agg(
      ${service.id} || ${FIELD} || ${service.status} || ${FIELD} || ${service.serviceName},
      ${RECORD} order by ${service.createdAt}, ${service.id}
    ) as items
    from ${service}
    where ${service.workspaceId} = ${workspaceId} and ${service.desiredState} <> 'deleted'`);
  const items = (result as unknown as { rows: { items: string | null }[] }).rows[0]?.items;
  if (!items) return [];
  return items.split(RECORD).map((record) => {
    const [serviceId = '', status = '', servicename = ''] = record.split(FIELD);
    return { serviceId, servicename, status };
  });
}

export async function updateService(
  db: Database,
  serviceId: string,
  changes: ServiceChanges,
  now: Date,
): Promise<ServiceRow> {
  const [row] = await db
    .update(service)
    .set({ ...changes, updatedAt: now })
    .where(eq(service.id, serviceId))
    .returning();
  if (!row) throw new Error(`service ${serviceId} vanished during an update`);
  return row;
}

/** Restart or reset: bumps the generation and shows POD_INITIALIZING, in one statement. */
export async function bumpGeneration(
  db: Database,
  serviceId: string,
  which: 'restart' | 'reset',
  now: Date,
): Promise<ServiceRow> {
  const column = which === 'restart' ? service.restartGeneration : service.resetGeneration;
  return updateService(
    db,
    serviceId,
    which === 'restart'
      ? { restartGeneration: sql`${column} + 1`, status: 'POD_INITIALIZING' }
      : { resetGeneration: sql`${column} + 1`, status: 'POD_INITIALIZING' },
    now,
  );
}

/** A new client secret and a raised credential version, in one statement. */
export function rotateCredentials(
  db: Database,
  serviceId: string,
  clientSecretEncrypted: string,
  now: Date,
): Promise<ServiceRow> {
  return updateService(
    db,
    serviceId,
    { clientSecretEncrypted, credentialVersion: sql`${service.credentialVersion} + 1` },
    now,
  );
}

/** Uses the workspace's one free trial; false when it was already used (checked and set atomically). */
export async function claimFreeTrial(db: Database, workspaceId: string): Promise<boolean> {
  const rows = await db
    .update(workspace)
    .set({ freeTrialUsed: true })
    .where(and(eq(workspace.id, workspaceId), eq(workspace.freeTrialUsed, false)))
    .returning({ id: workspace.id });
  return rows.length > 0;
}

/** The live services of the workspaces a customer belongs to: ids and statuses, oldest first. */
export function listServicesOfMember(
  db: Database,
  customerId: string,
): Promise<{ id: string; status: string }[]> {
  return db
    .select({ id: service.id, status: service.status })
    .from(service)
    .innerJoin(workspaceMember, eq(workspaceMember.workspaceId, service.workspaceId))
    .where(and(eq(workspaceMember.customerId, customerId), notDeleted))
    .orderBy(asc(service.createdAt), asc(service.id));
}

/** Whether a database error is the unique violation of the given index (PostgreSQL 23505, on either driver). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (candidate.code === '23505') {
      return (
        candidate.constraint === constraint ||
        (typeof candidate.message === 'string' && candidate.message.includes(constraint))
      );
    }
    current = candidate.cause;
  }
  return false;
}
