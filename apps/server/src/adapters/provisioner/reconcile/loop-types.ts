import type { WrittenServiceStatus } from '@herald/contract/provisioning/workload-status';
import type { Provisioner } from '../provisioner';

/** The section 4 statuses the provisioner writes. */
export type ServiceRuntimeStatus = WrittenServiceStatus;

/** The provisioner as the server uses it, with what only it sees: recent logs, status writes and events. */
export interface LocalProvisioner extends Provisioner {
  /**
   * The last lines (at most `count`, default 200) the service's runtime wrote, spawned or re-attached: its log file
   * (`runtime.log`, rotated by the runtime) followed by its raw output (`runtime.out`: what Node prints on a crash
   * or before the log opens).
   */
  recentLogs(serviceId: string, count?: number): Promise<string[]>;
  /** Calls `listener` after every status write; returns the unsubscribe function. */
  watchStatus(listener: StatusListener): () => void;
  /** Calls `listener` on what only the provisioner sees (a runtime's unexpected exit, a due version update). */
  watchEvents(listener: ProvisionerEventListener): () => void;
}

export type StatusListener = (serviceId: string, status: ServiceRuntimeStatus) => void;

/** What the service's event log says besides statuses (docs/decisions/022). */
export type ProvisionerEvent =
  | {
      type: 'runtime-exited';
      serviceId: string;
      code?: number | null;
      signal?: string | null;
      /** A re-attached runtime that stopped answering rather than exiting. */
      isUnresponsive?: boolean;
      /** The runtime did not get up (it exited during its start or never got healthy). */
      isStartFailure?: boolean;
      /** When the next start is tried; null when the crashes hit the limit (status ERROR). */
      restartInMs: number | null;
    }
  | { type: 'version-update'; serviceId: string; from: string; to: string };

export type ProvisionerEventListener = (event: ProvisionerEvent) => void;
