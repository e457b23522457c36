import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeRef } from '../workloads/runtime-kind';
import type { RuntimeAdmin } from './loop-context';
import type { LocalProvisioner, ProvisionerEvent } from './loop-types';
import { createReconcileLoop } from './reconcile-loop';
import { createFakeDriver } from './testing/fake-driver';
import { createFakeStore } from './testing/fake-store';
import { fakeRuntimeKind } from './testing/fake-runtime-kind';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const policy = { backoffInitialMs: 5, backoffMaxMs: 20, crashLimit: 5, crashWindowMs: 60_000 };

/** Polls until `predicate` holds: what a person would wait for, never a fixed time. */
async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function setUp() {
  const clock = () => new Date();
  const fake = createFakeDriver();
  const table = createFakeStore(clock);
  const admin = { resets: [] as string[], credentials: [] as number[], failReset: false };
  const runtimeAdmin: RuntimeAdmin = {
    async resetTopics(row) {
      if (admin.failReset) throw new Error('admin API failed');
      admin.resets.push(`${row.id}@${row.resetGeneration}`);
      return 3;
    },
    async setCredentialVersion(row) {
      admin.credentials.push(row.credentialVersion);
    },
  };
  const kind = fakeRuntimeKind();
  let port = 21_000;
  const events: ProvisionerEvent[] = [];
  const loops: LocalProvisioner[] = [];
  const newLoop = () => {
    const loop = createReconcileLoop({
      store: table.store,
      driver: fake.driver,
      runtimeKind: kind,
      admin: runtimeAdmin,
      leasePort: async () => port++,
      policy,
      logger,
      clock,
    });
    loop.watchEvents((event) => events.push(event));
    loops.push(loop);
    return loop;
  };
  const status = (id: string) => table.rows.get(id)?.status;
  return { fake, table, admin, events, newLoop, loops, status, loop: newLoop() };
}

let open: LocalProvisioner[] = [];
afterEach(async () => {
  await Promise.all(open.map((loop) => loop.close()));
  open = [];
});

function running(setup: ReturnType<typeof setUp>, id: string) {
  setup.table.insert(id);
  open.push(...setup.loops);
  setup.loop.reconcile(id);
  return until(() => setup.status(id) === 'RUNNING', `${id} RUNNING`);
}

describe('the reconcile loop with a fake driver', () => {
  it('creates: a port leased, started, then each status of section 4 up to RUNNING', async () => {
    const setup = setUp();
    await running(setup, 's1');
    expect(setup.table.statuses.get('s1')).toEqual([
      'POD_PENDING',
      'POD_INITIALIZING',
      'POD_RUNNING_PENDING_DNS',
      'RUNNING',
    ]);
    expect(setup.fake.calls).toEqual(['start s1 6.10']);
    expect(setup.loop.endpointOf('s1')).toEqual({ httpPort: 40_000, mqttPort: 21_000 });
    expect(setup.fake.notes.get('s1')).toEqual({ handledRestartGeneration: 0 });
  });

  it('restarts a workload that crashed, after the backoff, and says so in the event log', async () => {
    const setup = setUp();
    await running(setup, 's1');
    setup.fake.end('s1', { code: null, signal: 'SIGKILL' });
    expect(setup.loop.endpointOf('s1')).toBeNull();
    await until(() => setup.fake.calls.length === 2 && setup.status('s1') === 'RUNNING', 'restart');
    expect(setup.events).toEqual([
      { type: 'runtime-exited', serviceId: 's1', code: null, signal: 'SIGKILL', restartInMs: 5 },
    ]);
    expect(setup.table.statuses.get('s1')!.slice(4)).toEqual([
      'POD_INITIALIZING',
      'POD_INITIALIZING',
      'POD_RUNNING_PENDING_DNS',
      'RUNNING',
    ]);
  });

  it('sets ERROR at the crash limit, tries no more, and runs again when asked', async () => {
    const setup = setUp();
    setup.fake.failStarts(5);
    setup.table.insert('s1');
    open.push(setup.loop);
    setup.loop.reconcile('s1');
    await until(() => setup.status('s1') === 'ERROR', 'ERROR');
    const exits = setup.events.filter((event) => event.type === 'runtime-exited');
    expect(exits.map((event) => event.restartInMs)).toEqual([5, 10, 20, 20, null]);
    expect(exits.every((event) => event.isStartFailure)).toBe(true);
    expect(setup.fake.calls).toHaveLength(5);
    // No timer is left to try again: another reconciliation that was not asked for holds too.
    await setup.loop.start();
    expect(setup.fake.calls).toHaveLength(5);
    expect(setup.status('s1')).toBe('ERROR');
    setup.loop.reconcile('s1');
    await until(() => setup.status('s1') === 'RUNNING', 'RUNNING again');
    expect(setup.fake.calls).toHaveLength(6);
  });

  it('applies a due scheduled update: the version-update event, a new workload on the new version', async () => {
    const setup = setUp();
    await running(setup, 's1');
    setup.table.update('s1', { scheduledVersion: '6.11', scheduledTimestamp: Date.now() + 30 });
    setup.loop.reconcile('s1');
    await until(() => setup.table.rows.get('s1')!.heraldVersion === '6.11', 'the update');
    await until(() => setup.status('s1') === 'RUNNING', 'RUNNING on 6.11');
    expect(setup.events).toEqual([
      { type: 'version-update', serviceId: 's1', from: '6.10', to: '6.11' },
    ]);
    expect(setup.fake.calls).toEqual(['start s1 6.10', 'stop s1', 'start s1 6.11']);
    expect(setup.table.rows.get('s1')!.scheduledVersion).toBeNull();
  });

  it('resets the topic tree once, on the same workload, through POD_INITIALIZING', async () => {
    const setup = setUp();
    await running(setup, 's1');
    setup.table.update('s1', { resetGeneration: 1 });
    setup.loop.reconcile('s1');
    await until(() => setup.admin.resets.length === 1 && setup.status('s1') === 'RUNNING', 'reset');
    setup.loop.reconcile('s1');
    await until(() => setup.table.statuses.get('s1')!.length >= 7, 'statuses');
    expect(setup.table.statuses.get('s1')!.slice(4)).toEqual([
      'POD_INITIALIZING',
      'POD_RUNNING_PENDING_DNS',
      'RUNNING',
    ]);
    expect(setup.admin.resets).toEqual(['s1@1']);
    expect(setup.fake.calls).toEqual(['start s1 6.10']);
    expect(setup.fake.notes.get('s1')?.handledResetGeneration).toBe(1);
  });

  it('writes ERROR when a running workload cannot be brought in line (a reset the runtime refused)', async () => {
    const setup = setUp();
    await running(setup, 's1');
    setup.admin.failReset = true;
    setup.table.update('s1', { resetGeneration: 1 });
    setup.loop.reconcile('s1');
    await until(() => setup.status('s1') === 'ERROR', 'ERROR');
    expect(setup.fake.calls).toEqual(['start s1 6.10']);
  });

  it('restarts on a new restart generation and tells a new credential version without one', async () => {
    const setup = setUp();
    await running(setup, 's1');
    setup.table.update('s1', { credentialVersion: 2 });
    setup.loop.reconcile('s1');
    await until(() => setup.admin.credentials.length === 1, 'the credential version');
    expect(setup.admin.credentials).toEqual([2]);
    setup.table.update('s1', { restartGeneration: 1 });
    setup.loop.reconcile('s1');
    await until(() => setup.fake.calls.length === 3 && setup.status('s1') === 'RUNNING', 'restart');
    expect(setup.fake.calls).toEqual(['start s1 6.10', 'stop s1', 'start s1 6.10']);
  });

  it('suspends (stopped, SUSPENDED, no endpoint) and resumes', async () => {
    const setup = setUp();
    await running(setup, 's1');
    setup.table.update('s1', { desiredState: 'suspended' });
    setup.loop.reconcile('s1');
    await until(() => setup.status('s1') === 'SUSPENDED', 'SUSPENDED');
    expect(setup.loop.endpointOf('s1')).toBeNull();
    setup.table.update('s1', { desiredState: 'running' });
    setup.loop.reconcile('s1');
    await until(() => setup.status('s1') === 'RUNNING', 'RUNNING');
    expect(setup.fake.calls).toEqual(['start s1 6.10', 'stop s1', 'start s1 6.10']);
  });

  it('deletes: the workload stopped, its group removed, the row deleted', async () => {
    const setup = setUp();
    await running(setup, 's1');
    setup.table.update('s1', { desiredState: 'deleted' });
    setup.loop.reconcile('s1');
    await until(() => !setup.table.rows.has('s1'), 'the row gone');
    expect(setup.fake.calls).toEqual(['start s1 6.10', 'stop s1', 'remove s1']);
    expect(setup.loop.endpointOf('s1')).toBeNull();
  });

  it('after a control-plane restart, re-attaches a live workload (no new start) and restarts it when it ends', async () => {
    const setup = setUp();
    setup.table.insert('s1', { mqttPort: 21_500, status: 'RUNNING' });
    setup.fake.leave('s1', '6.10', { httpPort: 45_000, mqttPort: 21_500 });
    open.push(setup.loop);
    await setup.loop.start();
    await until(() => setup.loop.endpointOf('s1') !== null, 'registered');
    expect(setup.fake.calls).toEqual(['attach s1']);
    expect(setup.loop.endpointOf('s1')).toEqual({ httpPort: 45_000, mqttPort: 21_500 });
    // It is told the credential version (an attached runtime's is unknown) and registered again.
    expect(setup.admin.credentials).toEqual([1]);
    expect(setup.table.statuses.get('s1')).toEqual(['POD_RUNNING_PENDING_DNS', 'RUNNING']);
    setup.fake.end('s1', { attached: true, unresponsive: true });
    await until(() => setup.fake.calls.length === 2 && setup.status('s1') === 'RUNNING', 'restart');
    expect(setup.fake.calls).toEqual(['attach s1', 'start s1 6.10']);
    expect(setup.events).toEqual([
      { type: 'runtime-exited', serviceId: 's1', isUnresponsive: true, restartInMs: 5 },
    ]);
  });

  it('after a control-plane restart, starts what did not survive, and leaves suspended services stopped', async () => {
    const setup = setUp();
    setup.table.insert('s1', { mqttPort: 21_500, status: 'RUNNING' });
    setup.table.insert('s2', { mqttPort: 21_501, status: 'SUSPENDED', desiredState: 'suspended' });
    open.push(setup.loop);
    await setup.loop.start();
    await until(() => setup.status('s1') === 'RUNNING' && setup.fake.calls.length === 1, 'started');
    expect(setup.fake.calls).toEqual(['start s1 6.10']);
    expect(setup.table.statuses.get('s2')).toBeUndefined();
  });

  it('applies an update that fell due while the control plane was down, at its start', async () => {
    const setup = setUp();
    setup.table.insert('s1', {
      mqttPort: 21_500,
      scheduledVersion: '6.11',
      scheduledTimestamp: Date.now() - 1_000,
    });
    setup.fake.leave('s1', '6.10', { httpPort: 45_000, mqttPort: 21_500 });
    open.push(setup.loop);
    await setup.loop.start();
    await until(() => setup.fake.calls.length === 3 && setup.status('s1') === 'RUNNING', 'updated');
    expect(setup.fake.calls).toEqual(['attach s1', 'stop s1', 'start s1 6.11']);
  });

  it('close() stops every workload and writes nothing more', async () => {
    const setup = setUp();
    await running(setup, 's1');
    const written = setup.table.statuses.get('s1')!.length;
    await setup.loop.close();
    expect(setup.fake.isRunning(runtimeRef('s1'))).toBe(false);
    setup.loop.reconcile('s1');
    expect(setup.table.statuses.get('s1')).toHaveLength(written);
  });
});
