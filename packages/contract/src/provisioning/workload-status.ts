import type { ServiceStatus } from '../services/service-status';

/**
 * Where a service's workload is in its life, as the reconcile loop sees it (docs/decisions/042). Each phase is
 * written as one spec section 4 status; the loop never writes CHECKING (the row's initial status) or UNAVAILABLE
 * (a status fetch's 404, decided by the dashboard).
 */
export type WorkloadPhase =
  /** Desired suspended and nothing runs. */
  | 'stopped'
  /** A first start: its place (port, files) is being prepared. */
  | 'pending'
  /** A process is being started, restarted, replaced for a version update, or waits out a crash backoff. */
  | 'starting'
  /** The topic tree is being emptied (spec section 4: resetting sets POD_INITIALIZING). */
  | 'resetting'
  /** Healthy, being made reachable (its endpoint registered with the routing). */
  | 'registering'
  /** Healthy and reachable. */
  | 'serving'
  /** The crash limit was hit, or a running workload could not be brought in line. */
  | 'failed';

export type WrittenServiceStatus = Exclude<ServiceStatus, 'CHECKING' | 'UNAVAILABLE'>;

const STATUS_OF_PHASE: Record<WorkloadPhase, WrittenServiceStatus> = {
  stopped: 'SUSPENDED',
  pending: 'POD_PENDING',
  starting: 'POD_INITIALIZING',
  resetting: 'POD_INITIALIZING',
  registering: 'POD_RUNNING_PENDING_DNS',
  serving: 'RUNNING',
  failed: 'ERROR',
};

export function statusOfPhase(phase: WorkloadPhase): WrittenServiceStatus {
  return STATUS_OF_PHASE[phase];
}
