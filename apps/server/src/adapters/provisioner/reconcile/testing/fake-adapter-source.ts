import type { WrittenServiceStatus } from '@herald/contract/provisioning/workload-status';
import type { DesiredWorkload, WorkloadSource } from '../../workloads/workload-source';

/** An adapter kind's table in memory, for the reconcile loop's tests: its rows, statuses written and forgotten ids. */
export function createFakeAdapterSource(kind: string) {
  const rows = new Map<string, DesiredWorkload>();
  const statuses = new Map<string, WrittenServiceStatus[]>();
  const forgotten: string[] = [];
  const source: WorkloadSource = {
    listDesired: async (serviceId) =>
      [...rows.values()]
        .filter((row) => serviceId === undefined || row.serviceId === serviceId)
        .map((row) => ({ ...row })),
    readDesired: async (id) => {
      const row = rows.get(id);
      return row ? { ...row } : undefined;
    },
    async writeStatus(id, status) {
      const row = rows.get(id);
      if (row) row.status = status;
      statuses.set(id, [...(statuses.get(id) ?? []), status]);
    },
    async forget(id) {
      rows.delete(id);
      forgotten.push(id);
    },
  };
  return {
    source,
    rows,
    statuses,
    forgotten,
    insert(id: string, serviceId: string, values: Partial<DesiredWorkload> = {}) {
      rows.set(id, {
        id,
        serviceId,
        kind,
        version: '1.0',
        desired: 'running',
        config: { topic: 'orders/#' },
        restartGeneration: 0,
        status: 'CHECKING',
        ...values,
      });
    },
    update(id: string, values: Partial<DesiredWorkload>) {
      Object.assign(rows.get(id)!, values);
    },
  };
}
