import type { RuntimeEndpoint } from '../provisioner';
import type { WorkloadDriver, WorkloadRef } from '../drivers/driver';

/** What the loop holds of one workload between reconciliations (the rest is in the database and the driver). */
export interface WorkloadState {
  serviceId: string;
  ref: WorkloadRef;
  /** Known once it is healthy; routed to (endpointOf answers) only when `registered`. */
  endpoint: RuntimeEndpoint | null;
  registered: boolean;
  /** The version and credential version the live workload was started with / told. */
  version: string | null;
  credentialVersion: number | null;
  /** The generations carried out (read from the driver's notes at first need). */
  handledRestart: number | undefined;
  handledReset: number | undefined;
  /** Crash times in the current window (contract/provisioning/crash-policy). */
  crashes: number[];
  errored: boolean;
  /** One operation at a time per workload; `queued`: one reconciliation waiting is enough (it reads the newest row). */
  queue: Promise<void>;
  queued: boolean;
  backoffTimer: NodeJS.Timeout | null;
}

export function newWorkloadState(serviceId: string, ref: WorkloadRef): WorkloadState {
  return {
    serviceId,
    ref,
    endpoint: null,
    registered: false,
    version: null,
    credentialVersion: null,
    handledRestart: undefined,
    handledReset: undefined,
    crashes: [],
    errored: false,
    queue: Promise.resolve(),
    queued: false,
    backoffTimer: null,
  };
}

export function unregister(state: WorkloadState): void {
  state.registered = false;
  state.endpoint = null;
}

export function clearBackoff(state: WorkloadState): void {
  if (state.backoffTimer) clearTimeout(state.backoffTimer);
  state.backoffTimer = null;
}

/**
 * Stops a workload of any kind (started or re-attached) and forgets what it was started with and told: the one stop
 * of the runtime's and the adapters' reconciliations.
 */
export async function stopWorkload(
  context: { driver: WorkloadDriver },
  state: WorkloadState,
): Promise<void> {
  clearBackoff(state);
  unregister(state);
  try {
    await context.driver.stop(state.ref);
  } finally {
    state.version = null;
    state.credentialVersion = null;
  }
}
