import { planReconcile } from '@herald/contract/provisioning/reconcile-plan';
import type {
  DesiredWorkload as PlannedWorkload,
  ObservedWorkload,
} from '@herald/contract/provisioning/reconcile-plan';
import { statusOfPhase } from '@herald/contract/provisioning/workload-status';
import type { WrittenServiceStatus } from '@herald/contract/provisioning/workload-status';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkloadDriver } from '../drivers/driver';
import type { RuntimeEndpoint } from '../provisioner';
import type { AdapterKindEntry } from '../workloads/kinds';
import type { DesiredWorkload } from '../workloads/workload-source';
import type { CrashReport } from './loop-context';
import type { ServiceRow, ServiceStore } from './service-store';
import { clearBackoff, stopWorkload } from './workload-state';
import type { WorkloadState } from './workload-state';

/** What the loop holds of one adapter workload (keyed by its ref's id, like a runtime's). */
export interface AdapterState extends WorkloadState {
  entry: AdapterKindEntry;
  adapterId: string;
}

/** The adapter loop's shared parts (adapter-loop.ts), as the reconciliation steps use them. */
export interface AdapterContext {
  store: ServiceStore;
  driver: WorkloadDriver;
  logger: FastifyBaseLogger;
  isClosed(): boolean;
  /** The service's runtime when it is registered: an adapter needs its MQTT address to start. */
  runtimeEndpointOf(serviceId: string): RuntimeEndpoint | null;
  states: Map<string, AdapterState>;
  writeStatus(state: AdapterState, status: WrittenServiceStatus): Promise<void>;
  onCrash(state: AdapterState, report: CrashReport): void;
  isUp(state: AdapterState): boolean;
}

/**
 * Brings one adapter in line with its row and its service's (docs/decisions/042, "Adapters"): the same plan as a
 * runtime's, minus the runtime-only steps (port lease, reset, routing). It starts only once its service's runtime is
 * registered, and is left running while that runtime restarts (it reconnects by itself).
 */
export async function reconcileAdapter(
  context: AdapterContext,
  state: AdapterState,
): Promise<void> {
  if (context.isClosed()) return;
  const { source } = state.entry;
  const desired = await source.readDesired(state.adapterId);
  const row = await context.store.readRow(state.serviceId);
  if (!desired || !row || row.desiredState === 'deleted') {
    await stopWorkload(context, state);
    await context.driver.stopLeftover(state.ref);
    context.states.delete(state.ref.id);
    await source.forget(state.adapterId);
    context.logger.info(
      { serviceId: state.serviceId, workloadId: state.ref.id },
      'Adapter stopped and forgotten: it or its service was deleted',
    );
    return;
  }
  if (row.desiredState === 'suspended') {
    await stopWorkload(context, state);
    context.states.delete(state.ref.id);
    if (desired.status !== 'SUSPENDED') await context.writeStatus(state, statusOfPhase('stopped'));
    return;
  }
  const action = planReconcile(plannedOf(desired, row), await observe(context, state, desired));
  // What it is launched with: the service's row with its runtime's MQTT/TCP port as registered (null: not yet).
  const runtime = context.runtimeEndpointOf(state.serviceId);
  const launchRow = runtime ? { ...row, mqttPort: runtime.mqttPort } : null;
  switch (action.kind) {
    case 'suspend':
      if (action.stop) await stopWorkload(context, state);
      state.errored = false;
      state.crashes = [];
      if (action.writeStatus) await context.writeStatus(state, statusOfPhase('stopped'));
      return;
    case 'start':
      // Without its runtime it waits: the runtime's registration reconciles its service's adapters again.
      if (!launchRow) {
        if (action.isFirst && desired.status !== 'POD_PENDING') {
          await context.writeStatus(state, statusOfPhase('pending'));
        }
        return;
      }
      clearBackoff(state);
      await startAdapter(context, state, desired, launchRow, action.isFirst);
      return;
    case 'restart':
      if (launchRow) await restartAdapter(context, state, desired, launchRow);
      return;
    case 'bring-in-line':
      // Its credential is signed at its start with the service's credential version: a new one needs a new start.
      if (action.updateCredential) {
        if (launchRow) await restartAdapter(context, state, desired, launchRow);
      } else if (action.register || action.markRunning) {
        // Up and healthy (a re-attached one, or one whose row said otherwise): it counts as serving from here.
        state.registered = true;
        if (desired.status !== 'RUNNING')
          await context.writeStatus(state, statusOfPhase('serving'));
      }
      return;
    default:
      // hold (ERROR until asked again), wait (a start in flight), reset/forget/delete (not an adapter's).
      return;
  }
}

function plannedOf(desired: DesiredWorkload, row: ServiceRow): PlannedWorkload {
  return {
    state: desired.desired === 'stopped' ? 'suspended' : 'running',
    version: desired.version,
    restartGeneration: desired.restartGeneration,
    resetGeneration: 0,
    credentialVersion: row.credentialVersion,
    status: desired.status,
  };
}

async function observe(
  context: AdapterContext,
  state: AdapterState,
  desired: DesiredWorkload,
): Promise<ObservedWorkload> {
  const isUp = context.isUp(state);
  if (isUp && state.handledRestart === undefined) {
    state.handledRestart =
      (await context.driver.readNotes(state.ref)).handledRestartGeneration ??
      desired.restartGeneration;
  }
  return {
    isUp,
    isBackingOff: state.backoffTimer !== null,
    isErrored: state.errored,
    crashCount: state.crashes.length,
    version: state.version,
    credentialVersion: state.credentialVersion,
    handledRestartGeneration: state.handledRestart ?? 0,
    handledResetGeneration: 0,
    hasEndpoint: state.endpoint !== null,
    isRegistered: state.registered,
  };
}

async function restartAdapter(
  context: AdapterContext,
  state: AdapterState,
  desired: DesiredWorkload,
  row: ServiceRow,
): Promise<void> {
  context.logger.info(
    { serviceId: row.id, workloadId: state.ref.id, version: desired.version },
    'Restarting adapter',
  );
  await context.writeStatus(state, statusOfPhase('starting'));
  await stopWorkload(context, state);
  await startAdapter(context, state, desired, row, false);
}

/**
 * Starts it fresh (after stopping any leftover), connected to its service's runtime (`row.mqttPort`: the registered
 * runtime's MQTT/TCP port); RUNNING once healthy.
 */
async function startAdapter(
  context: AdapterContext,
  state: AdapterState,
  desired: DesiredWorkload,
  row: ServiceRow,
  isFirst: boolean,
): Promise<void> {
  const { driver } = context;
  if (isFirst && desired.status !== 'POD_PENDING') {
    await context.writeStatus(state, statusOfPhase('pending'));
  }
  await driver.stopLeftover(state.ref);
  await context.writeStatus(state, statusOfPhase('starting'));
  let endpoint: RuntimeEndpoint;
  try {
    endpoint = await driver.start(
      await state.entry.kind.launch({ service: row, adapter: desired }),
    );
  } catch (error) {
    if (context.isClosed()) return;
    context.logger.warn(
      { err: error, serviceId: row.id, workloadId: state.ref.id },
      'Adapter failed to start',
    );
    context.onCrash(state, { reason: (error as Error).message });
    return;
  }
  state.version = desired.version;
  state.credentialVersion = row.credentialVersion;
  state.handledRestart = desired.restartGeneration;
  await driver.writeNotes(state.ref, { handledRestartGeneration: desired.restartGeneration });
  state.endpoint = endpoint;
  state.registered = true;
  await context.writeStatus(state, statusOfPhase('serving'));
  // One that died between its health check and now (an exit before it counts as serving is not reported).
  const seen = driver.observe(state.ref);
  if (seen.state === 'exited') context.onCrash(state, { code: seen.exit.code });
}
