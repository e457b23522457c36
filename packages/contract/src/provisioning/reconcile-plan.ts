/**
 * The reconcile loop's decision (docs/decisions/042): from what the database wants for a service's workload and
 * what the driver and the loop observe, the one thing to do now. Side effects are the loop's; this is the rule.
 */
export interface DesiredWorkload {
  /** The row's desired state; `gone` when the row no longer exists. */
  state: 'running' | 'suspended' | 'deleted' | 'gone';
  version: string;
  restartGeneration: number;
  resetGeneration: number;
  credentialVersion: number;
  /** The status the row holds now. */
  status: string;
}

export interface ObservedWorkload {
  /** A process (or pod) of this workload is alive. */
  isUp: boolean;
  /** Waiting out a crash backoff before the next start. */
  isBackingOff: boolean;
  /** The crash limit was hit: no start until someone asks again. */
  isErrored: boolean;
  /** Crashes in the current window (0: a first start, written as POD_PENDING first). */
  crashCount: number;
  /** What the live workload was started with or told; null when unknown. */
  version: string | null;
  credentialVersion: number | null;
  /** The restart and reset generations already carried out. */
  handledRestartGeneration: number;
  handledResetGeneration: number;
  /** Its endpoint is known (it got healthy) and whether it is registered for routing. */
  hasEndpoint: boolean;
  isRegistered: boolean;
}

export type ReconcileAction =
  | { kind: 'forget' }
  | { kind: 'delete' }
  | { kind: 'suspend'; stop: boolean; writeStatus: boolean }
  | { kind: 'hold' }
  | { kind: 'start'; isFirst: boolean }
  | { kind: 'restart' }
  | { kind: 'wait' }
  | { kind: 'reset' }
  | { kind: 'bring-in-line'; updateCredential: boolean; register: boolean; markRunning: boolean };

export function planReconcile(
  desired: DesiredWorkload,
  observed: ObservedWorkload,
): ReconcileAction {
  if (desired.state === 'gone') return { kind: 'forget' };
  if (desired.state === 'deleted') return { kind: 'delete' };
  if (desired.state === 'suspended') {
    return {
      kind: 'suspend',
      stop: observed.isUp || observed.isBackingOff,
      writeStatus: desired.status !== 'SUSPENDED',
    };
  }
  if (observed.isErrored) return { kind: 'hold' };
  if (!observed.isUp) return { kind: 'start', isFirst: observed.crashCount === 0 };
  if (
    desired.restartGeneration > observed.handledRestartGeneration ||
    observed.version !== desired.version
  ) {
    return { kind: 'restart' };
  }
  // Up but not healthy yet (a start in progress elsewhere): its start finishes the work.
  if (!observed.hasEndpoint) return { kind: 'wait' };
  if (desired.resetGeneration > observed.handledResetGeneration) return { kind: 'reset' };
  return {
    kind: 'bring-in-line',
    updateCredential: observed.credentialVersion !== desired.credentialVersion,
    register: !observed.isRegistered,
    markRunning: observed.isRegistered && desired.status !== 'RUNNING',
  };
}
