import type { CrashPolicy } from '@herald/contract/provisioning/crash-policy';
import type { FastifyBaseLogger } from 'fastify';
import type { RuntimeEndpoint } from '../provisioner';
import type { WorkloadDriver } from '../drivers/driver';
import type { AdapterKindEntry } from '../workloads/kinds';
import type { WorkloadKind } from '../workloads/workload-kind';
import type { ProvisionerEvent, ServiceRuntimeStatus } from './loop-types';
import type { ServiceRow, ServiceStore } from './service-store';
import type { WorkloadState } from './workload-state';

/** What a live runtime is told through its admin API (runtime-admin.ts; a fake in the loop's tests). */
export interface RuntimeAdmin {
  /** Empties the topic tree; the number of topics removed. */
  resetTopics(row: ServiceRow, endpoint: RuntimeEndpoint): Promise<number>;
  setCredentialVersion(row: ServiceRow, endpoint: RuntimeEndpoint): Promise<void>;
}

/** Everything the reconcile loop is built from (createReconcileLoop's options). */
export interface ReconcileLoopOptions {
  store: ServiceStore;
  driver: WorkloadDriver;
  runtimeKind: WorkloadKind<ServiceRow, { id: string }>;
  /** The registered adapter kinds (workloads/kinds.ts), each with the source of its workloads; none by default. */
  adapterKinds?: readonly AdapterKindEntry[];
  admin: RuntimeAdmin;
  /** The service's MQTT/TCP port, leased before its first start. */
  leasePort: (serviceId: string) => Promise<number>;
  policy: CrashPolicy;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

/** The loop's shared parts, as the reconciliation steps (reconcile-service.ts) use them. */
export interface LoopContext extends ReconcileLoopOptions {
  isClosed(): boolean;
  states: Map<string, WorkloadState>;
  stateOf(serviceId: string): WorkloadState;
  writeStatus(serviceId: string, status: ServiceRuntimeStatus): Promise<void>;
  emit(event: ProvisionerEvent): void;
  onCrash(state: WorkloadState, report: CrashReport): void;
  isUp(state: WorkloadState): boolean;
  /** Reconciles the service's adapters (a deleted service's are stopped and forgotten); resolves when done. */
  reconcileAdapters(serviceId: string): Promise<void>;
}

/** Why a workload counts as crashed: the driver's exit report, or a start or reconciliation that failed. */
export interface CrashReport {
  code?: number | null;
  signal?: string | null;
  attached?: boolean;
  unresponsive?: boolean;
  reason?: string;
}
