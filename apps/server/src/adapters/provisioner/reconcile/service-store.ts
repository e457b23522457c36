import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { service } from '../../../db/schema';
import type { ServiceRuntimeStatus } from './loop-types';

export type ServiceRow = typeof service.$inferSelect;

/** The loop's desired state and status writes: the `service` table is the source of truth. */
export interface ServiceStore {
  readRow(serviceId: string): Promise<ServiceRow | undefined>;
  listRows(): Promise<ServiceRow[]>;
  writeStatus(serviceId: string, status: ServiceRuntimeStatus): Promise<void>;
  deleteRow(serviceId: string): Promise<void>;
  /**
   * Applies the row's scheduled version update when it is due, in one update conditional on the schedule still
   * being the one read (the owner may cancel meanwhile). A running service is restarting from here on: the same
   * update says so, so no reader sees the new version as RUNNING before the new runtime is up. Returns whether it
   * applied (and updates `row`).
   */
  applyDueUpdate(row: ServiceRow): Promise<boolean>;
  /** The nearest scheduled update (all of it lives in the rows: resumable). */
  nextScheduledUpdate(): Promise<{ id: string; at: number } | null>;
}

export function createServiceStore(db: Database, clock: () => Date): ServiceStore {
  return {
    async readRow(serviceId) {
      const [row] = await db.select().from(service).where(eq(service.id, serviceId)).limit(1);
      return row;
    },
    listRows: () => db.select().from(service),
    async writeStatus(serviceId, status) {
      await db.update(service).set({ status, updatedAt: clock() }).where(eq(service.id, serviceId));
    },
    async deleteRow(serviceId) {
      await db.delete(service).where(eq(service.id, serviceId));
    },
    async applyDueUpdate(row) {
      if (
        row.scheduledVersion === null ||
        row.scheduledTimestamp === null ||
        row.scheduledTimestamp > clock().getTime()
      ) {
        return false;
      }
      const status = row.desiredState === 'running' ? 'POD_INITIALIZING' : row.status;
      const updated = await db
        .update(service)
        .set({
          heraldVersion: row.scheduledVersion,
          status,
          scheduledVersion: null,
          scheduledTimestamp: null,
          updatedAt: clock(),
        })
        .where(
          and(
            eq(service.id, row.id),
            eq(service.scheduledVersion, row.scheduledVersion),
            eq(service.scheduledTimestamp, row.scheduledTimestamp),
          ),
        )
        .returning({ heraldVersion: service.heraldVersion });
      if (!updated[0]) return false;
      row.heraldVersion = row.scheduledVersion;
      row.status = status;
      row.scheduledVersion = null;
      row.scheduledTimestamp = null;
      return true;
    },
    async nextScheduledUpdate() {
      const [next] = await db
        .select({ id: service.id, at: service.scheduledTimestamp })
        .from(service)
        .where(and(isNotNull(service.scheduledVersion), isNotNull(service.scheduledTimestamp)))
        .orderBy(asc(service.scheduledTimestamp))
        .limit(1);
      return next && next.at !== null ? { id: next.id, at: next.at } : null;
    },
  };
}
