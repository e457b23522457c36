import type { ServiceRuntimeStatus } from '../loop-types';
import type { ServiceRow, ServiceStore } from '../service-store';

/** The `service` table in memory, with the same conditional scheduled-update rule as service-store.ts. */
export function createFakeStore(clock: () => Date) {
  const rows = new Map<string, ServiceRow>();
  const statuses = new Map<string, ServiceRuntimeStatus[]>();
  const store: ServiceStore = {
    readRow: async (serviceId) => {
      const row = rows.get(serviceId);
      return row ? { ...row } : undefined;
    },
    listRows: async () => [...rows.values()].map((row) => ({ ...row })),
    async writeStatus(serviceId, status) {
      const row = rows.get(serviceId);
      if (row) row.status = status;
      statuses.set(serviceId, [...(statuses.get(serviceId) ?? []), status]);
    },
    async deleteRow(serviceId) {
      rows.delete(serviceId);
    },
    async applyDueUpdate(row) {
      const stored = rows.get(row.id);
      if (!stored || row.scheduledVersion === null || row.scheduledTimestamp === null) return false;
      if (row.scheduledTimestamp > clock().getTime()) return false;
      if (stored.scheduledVersion !== row.scheduledVersion) return false;
      const status = row.desiredState === 'running' ? 'POD_INITIALIZING' : row.status;
      Object.assign(stored, {
        heraldVersion: row.scheduledVersion,
        status,
        scheduledVersion: null,
        scheduledTimestamp: null,
      });
      Object.assign(row, { ...stored });
      return true;
    },
    async nextScheduledUpdate() {
      const scheduled = [...rows.values()]
        .filter((row) => row.scheduledVersion !== null && row.scheduledTimestamp !== null)
        .sort((a, b) => a.scheduledTimestamp! - b.scheduledTimestamp!);
      return scheduled[0] ? { id: scheduled[0].id, at: scheduled[0].scheduledTimestamp! } : null;
    },
  };
  return {
    store,
    rows,
    statuses,
    insert(id: string, values: Partial<ServiceRow> = {}): ServiceRow {
      const row = {
        id,
        desiredState: 'running',
        status: 'CHECKING',
        heraldVersion: '6.10',
        restartGeneration: 0,
        resetGeneration: 0,
        credentialVersion: 1,
        mqttPort: null,
        scheduledVersion: null,
        scheduledTimestamp: null,
        ...values,
      } as ServiceRow;
      rows.set(id, row);
      return row;
    },
    update(id: string, values: Partial<ServiceRow>) {
      Object.assign(rows.get(id)!, values);
    },
  };
}
