import { planReconcile } from '@herald/contract/provisioning/reconcile-plan';
import type {
  DesiredWorkload,
  ObservedWorkload,
  ReconcileAction,
} from '@herald/contract/provisioning/reconcile-plan';
import { statusOfPhase } from '@herald/contract/provisioning/workload-status';
import type { RuntimeEndpoint } from '../provisioner';
import type { LoopContext } from './loop-context';
import type { ServiceRow } from './service-store';
import { clearBackoff, stopWorkload, unregister } from './workload-state';
import type { WorkloadState } from './workload-state';

/** Brings one service's runtime in line with its row (docs/decisions/042): read, observe, plan, act. */
export async function reconcileService(context: LoopContext, serviceId: string): Promise<void> {
  const { store, driver, logger } = context;
  if (context.isClosed()) return;
  const row = await store.readRow(serviceId);
  const state = context.states.get(serviceId);
  if (!row || row.desiredState === 'deleted') {
    // Its adapters first: they are stopped and forgotten before its folder goes.
    await context.reconcileAdapters(serviceId);
    if (state) await stopWorkload(context, state);
    context.states.delete(serviceId);
    // Deleted behind our back: nothing may keep running for it. Deleted by request: its data and row go too.
    if (!row) return;
    const ref = context.runtimeKind.refOf(row);
    await driver.stopLeftover(ref);
    await driver.removeGroup(ref.group);
    await store.deleteRow(serviceId);
    logger.info({ serviceId }, 'Service deleted: runtime stopped, data removed');
    return;
  }
  await applyDueUpdate(context, row);
  const current = context.stateOf(serviceId);
  await act(
    context,
    current,
    row,
    planReconcile(desiredOf(row), await observe(context, current, row)),
  );
}

async function act(
  context: LoopContext,
  state: WorkloadState,
  row: ServiceRow,
  action: ReconcileAction,
): Promise<void> {
  const serviceId = row.id;
  switch (action.kind) {
    case 'forget':
    case 'delete':
      // Handled before the plan (reconcileService): the row is gone or going.
      return;
    case 'suspend':
      if (action.stop) await stopWorkload(context, state);
      state.errored = false;
      state.crashes = [];
      if (action.writeStatus) await context.writeStatus(serviceId, statusOfPhase('stopped'));
      return;
    case 'hold':
    case 'wait':
      return;
    case 'start':
      clearBackoff(state);
      await startWorkload(context, state, row, action.isFirst);
      return;
    case 'restart':
      context.logger.info(
        { serviceId, version: row.heraldVersion, restartGeneration: row.restartGeneration },
        'Restarting service runtime',
      );
      await context.writeStatus(serviceId, statusOfPhase('starting'));
      await stopWorkload(context, state);
      await startWorkload(context, state, row, false);
      return;
    case 'reset': {
      await context.writeStatus(serviceId, statusOfPhase('resetting'));
      const endpoint = state.endpoint!;
      unregister(state);
      await applyReset(context, state, row, endpoint);
      await register(context, state, row, endpoint);
      return;
    }
    case 'bring-in-line': {
      const endpoint = state.endpoint!;
      if (action.updateCredential) {
        await context.admin.setCredentialVersion(row, endpoint);
        state.credentialVersion = row.credentialVersion;
      }
      if (action.register) await register(context, state, row, endpoint);
      else if (action.markRunning) await context.writeStatus(serviceId, statusOfPhase('serving'));
    }
  }
}

function desiredOf(row: ServiceRow): DesiredWorkload {
  return {
    state: row.desiredState === 'suspended' ? 'suspended' : 'running',
    version: row.heraldVersion,
    restartGeneration: row.restartGeneration,
    resetGeneration: row.resetGeneration,
    credentialVersion: row.credentialVersion,
    status: row.status,
  };
}

async function observe(
  context: LoopContext,
  state: WorkloadState,
  row: ServiceRow,
): Promise<ObservedWorkload> {
  const isUp = context.isUp(state);
  // The generations carried out are read from the driver's notes at first need (a re-attached or restarted loop).
  if (isUp && state.handledRestart === undefined) {
    state.handledRestart =
      (await context.driver.readNotes(state.ref)).handledRestartGeneration ?? row.restartGeneration;
  }
  if (isUp && state.endpoint) await handledResetOf(context, state);
  return {
    isUp,
    isBackingOff: state.backoffTimer !== null,
    isErrored: state.errored,
    crashCount: state.crashes.length,
    version: state.version,
    credentialVersion: state.credentialVersion,
    handledRestartGeneration: state.handledRestart ?? 0,
    handledResetGeneration: state.handledReset ?? 0,
    hasEndpoint: state.endpoint !== null,
    isRegistered: state.registered,
  };
}

async function handledResetOf(context: LoopContext, state: WorkloadState): Promise<number> {
  if (state.handledReset === undefined) {
    state.handledReset = (await context.driver.readNotes(state.ref)).handledResetGeneration ?? 0;
  }
  return state.handledReset;
}

async function applyDueUpdate(context: LoopContext, row: ServiceRow): Promise<void> {
  const from = row.heraldVersion;
  if (!(await context.store.applyDueUpdate(row))) return;
  context.logger.info(
    { serviceId: row.id, from, to: row.heraldVersion },
    'Scheduled version update due',
  );
  context.emit({ type: 'version-update', serviceId: row.id, from, to: row.heraldVersion });
}

/** Starts fresh (after stopping any leftover) and brings the service to RUNNING. */
async function startWorkload(
  context: LoopContext,
  state: WorkloadState,
  row: ServiceRow,
  isFirst: boolean,
): Promise<void> {
  const { driver, logger } = context;
  if (isFirst) await context.writeStatus(row.id, statusOfPhase('pending'));
  if (row.mqttPort === null) row.mqttPort = await context.leasePort(row.id);
  await driver.stopLeftover(state.ref);
  await context.writeStatus(row.id, statusOfPhase('starting'));
  let endpoint: RuntimeEndpoint;
  try {
    endpoint = await driver.start(await context.runtimeKind.launch(row));
  } catch (error) {
    if (context.isClosed()) return;
    logger.warn({ err: error, serviceId: row.id }, 'Service runtime failed to start');
    context.onCrash(state, { reason: (error as Error).message });
    return;
  }
  state.version = row.heraldVersion;
  state.credentialVersion = row.credentialVersion;
  state.handledRestart = row.restartGeneration;
  await driver.writeNotes(state.ref, { handledRestartGeneration: row.restartGeneration });
  if (row.resetGeneration > (await handledResetOf(context, state))) {
    await applyReset(context, state, row, endpoint);
  }
  await register(context, state, row, endpoint);
  // A runtime that died between its health check and now (an exit before registration is not reported).
  const seen = driver.observe(state.ref);
  if (state.registered && seen.state === 'exited') context.onCrash(state, { code: seen.exit.code });
}

async function applyReset(
  context: LoopContext,
  state: WorkloadState,
  row: ServiceRow,
  endpoint: RuntimeEndpoint,
): Promise<void> {
  const removed = await context.admin.resetTopics(row, endpoint);
  await context.driver.writeNotes(state.ref, { handledResetGeneration: row.resetGeneration });
  state.handledReset = row.resetGeneration;
  context.logger.info({ serviceId: row.id, removed }, 'Topic tree reset');
}

async function register(
  context: LoopContext,
  state: WorkloadState,
  row: ServiceRow,
  endpoint: RuntimeEndpoint,
): Promise<void> {
  await context.writeStatus(row.id, statusOfPhase('registering'));
  state.endpoint = endpoint;
  state.registered = true;
  await context.writeStatus(row.id, statusOfPhase('serving'));
}
