import type { WrittenServiceStatus } from '@herald/contract/provisioning/workload-status';

/**
 * One adapter workload as its kind's table wants it (docs/decisions/042, "Adapters"): the reconcile loop reads it
 * at every reconciliation, as it reads the `service` row for a runtime, and holds none of it in memory.
 */
export interface DesiredWorkload {
  /** The adapter's id (its row's), unique within its kind. */
  id: string;
  serviceId: string;
  /** The kind's name (`kafka-adapter`, `rest-adapter`): the entry it is run by. */
  kind: string;
  version: string;
  /** Whether its process should run; deleting the adapter removes its row (readDesired answers undefined). */
  desired: 'running' | 'stopped';
  /** Its launch input: the kind's declaration turns it into its process's settings (AdapterKindDeclaration.env). */
  config: Record<string, unknown>;
  /** Bumped to ask for a restart of the same version (the runtime's `restart_generation`). */
  restartGeneration: number;
  /** The status its row holds now (section 4 words), so an unchanged status is not written again. */
  status: string;
}

/**
 * Where an adapter kind's desired workloads come from and where their status goes: issue 27 gives one over its
 * Kafka adapter table, issue 28 over its REST adapter table. The loop starts, restarts and stops the workloads;
 * the source only reads rows and writes statuses.
 */
export interface WorkloadSource {
  /** Every adapter of this kind (at the loop's start), or the service's (when the service is reconciled). */
  listDesired(serviceId?: string): Promise<DesiredWorkload[]>;
  /** The adapter's row now; undefined once it is deleted. */
  readDesired(id: string): Promise<DesiredWorkload | undefined>;
  /** Its status in the spec's section 4 words (contract/provisioning/workload-status). */
  writeStatus(id: string, status: WrittenServiceStatus): Promise<void>;
  /** Called after its process is stopped for good (the adapter or its service deleted): what is left of it goes. */
  forget(id: string): Promise<void>;
}
