import { afterEach, describe, expect, it } from 'vitest';
import { runtimeRef } from '../workloads/runtime-kind';
import type { LocalProvisioner } from './loop-types';
import { setUpAdapterLoop } from './testing/adapter-loop-setup';
import type { AdapterLoopSetup } from './testing/adapter-loop-setup';

async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const A1 = 's1.test-adapter-a1';
const A2 = 's1.test-adapter-a2';
let open: LocalProvisioner[] = [];
afterEach(async () => {
  await Promise.all(open.map((loop) => loop.close()));
  open = [];
});

function setUp(): AdapterLoopSetup {
  const setup = setUpAdapterLoop();
  open.push(setup.loop);
  return setup;
}

async function withAdapter(setup: AdapterLoopSetup) {
  setup.table.insert('s1');
  setup.adapters.insert('a1', 's1');
  setup.loop.reconcile('s1');
  await until(
    () =>
      setup.table.rows.get('s1')?.status === 'RUNNING' && setup.adapterStatus('a1') === 'RUNNING',
    'the runtime and its adapter RUNNING',
  );
}

describe('the reconcile loop with adapter workloads (fake driver, in-memory source)', () => {
  it('creates: the adapter starts after its runtime, with its MQTT address, RUNNING in its own status', async () => {
    const setup = setUp();
    await withAdapter(setup);
    expect(setup.fake.calls).toEqual(['start s1 6.10', `start ${A1} 1.0`]);
    expect(setup.adapters.statuses.get('a1')).toEqual([
      'POD_PENDING',
      'POD_INITIALIZING',
      'RUNNING',
    ]);
    expect(setup.fake.launched[1]!.env).toMatchObject({
      HERALD_MQTT_URL: 'mqtt://127.0.0.1:21000',
      HERALD_MQTT_USERNAME: 'test-adapter:a1',
      TEST_TOPIC: 'orders/#',
    });
    // The service's status is the runtime's alone.
    expect(setup.table.statuses.get('s1')).toHaveLength(4);
  });

  it('waits for its runtime: no start while the runtime is not registered', async () => {
    const setup = setUp();
    setup.fake.failStarts(1);
    await withAdapter(setup);
    expect(setup.fake.calls).toEqual(['start s1 6.10', 'start s1 6.10', `start ${A1} 1.0`]);
    expect(setup.adapters.statuses.get('a1')![0]).toBe('POD_PENDING');
  });

  it('restarts an adapter that crashed, after the backoff; the runtime untouched', async () => {
    const setup = setUp();
    await withAdapter(setup);
    setup.fake.end(A1, { code: 1 });
    await until(() => setup.starts(A1) === 2 && setup.adapterStatus('a1') === 'RUNNING', 'restart');
    expect(setup.adapters.statuses.get('a1')!.slice(3)).toEqual([
      'POD_INITIALIZING',
      'POD_INITIALIZING',
      'RUNNING',
    ]);
    expect(setup.starts('s1')).toBe(1);
    expect(setup.events).toEqual([]);
    expect(setup.loop.endpointOf('s1')).not.toBeNull();
  });

  it('sets the adapter ERROR at the crash limit, tries no more, and starts it again when asked', async () => {
    const setup = setUp();
    setup.table.insert('s1');
    setup.loop.reconcile('s1');
    await until(() => setup.loop.endpointOf('s1') !== null, 'the runtime registered');
    setup.adapters.insert('a1', 's1');
    setup.fake.failStarts(5);
    setup.loop.reconcile('s1');
    await until(() => setup.adapterStatus('a1') === 'ERROR', 'ERROR');
    expect(setup.starts(A1)).toBe(5);
    await setup.loop.start();
    expect(setup.starts(A1)).toBe(5);
    expect(setup.adapterStatus('a1')).toBe('ERROR');
    expect(setup.table.rows.get('s1')?.status).toBe('RUNNING');
    setup.loop.reconcile('s1');
    await until(() => setup.adapterStatus('a1') === 'RUNNING', 'RUNNING again');
    expect(setup.starts(A1)).toBe(6);
  });

  it('disabled: the adapter stopped and SUSPENDED, the runtime running; enabled again: started', async () => {
    const setup = setUp();
    await withAdapter(setup);
    setup.adapters.update('a1', { desired: 'stopped' });
    setup.loop.reconcile('s1');
    await until(() => setup.adapterStatus('a1') === 'SUSPENDED', 'SUSPENDED');
    expect(setup.fake.calls.slice(2)).toEqual([`stop ${A1}`]);
    expect(setup.loop.endpointOf('s1')).not.toBeNull();
    setup.adapters.update('a1', { desired: 'running' });
    setup.loop.reconcile('s1');
    await until(() => setup.adapterStatus('a1') === 'RUNNING', 'RUNNING');
    expect(setup.fake.calls.slice(2)).toEqual([`stop ${A1}`, `start ${A1} 1.0`]);
  });

  it('leaves the adapter running while its runtime restarts, crashes or updates (it reconnects by itself)', async () => {
    const setup = setUp();
    await withAdapter(setup);
    setup.table.update('s1', { restartGeneration: 1 });
    setup.loop.reconcile('s1');
    await until(() => setup.starts('s1') === 2 && setup.loop.endpointOf('s1') !== null, 'restart');
    setup.fake.end('s1', { code: null, signal: 'SIGKILL' });
    await until(() => setup.starts('s1') === 3 && setup.loop.endpointOf('s1') !== null, 'crash');
    expect(setup.fake.calls.filter((call) => call.includes(A1))).toEqual([`start ${A1} 1.0`]);
    expect(setup.fake.isRunning({ ...runtimeRef('x'), id: A1 })).toBe(true);
    expect(setup.adapterStatus('a1')).toBe('RUNNING');
  });

  it('restarts the adapter on its own restart generation and on a new version', async () => {
    const setup = setUp();
    await withAdapter(setup);
    setup.adapters.update('a1', { restartGeneration: 1 });
    setup.loop.reconcile('s1');
    await until(() => setup.starts(A1) === 2 && setup.adapterStatus('a1') === 'RUNNING', 'restart');
    setup.adapters.update('a1', { version: '1.1' });
    setup.loop.reconcile('s1');
    await until(() => setup.starts(A1) === 3 && setup.adapterStatus('a1') === 'RUNNING', 'update');
    expect(setup.fake.calls.slice(1)).toEqual([
      `start ${A1} 1.0`,
      `stop ${A1}`,
      `start ${A1} 1.0`,
      `stop ${A1}`,
      `start ${A1} 1.1`,
    ]);
    expect(setup.starts('s1')).toBe(1);
  });

  it('service suspended: the adapter stopped (kept for the resume); deleted: stopped before the folder goes, forgotten', async () => {
    const setup = setUp();
    await withAdapter(setup);
    setup.table.update('s1', { desiredState: 'suspended' });
    setup.loop.reconcile('s1');
    await until(() => setup.adapterStatus('a1') === 'SUSPENDED', 'the adapter SUSPENDED');
    expect(setup.fake.calls.slice(2).sort()).toEqual(['stop s1', `stop ${A1}`]);
    expect(setup.adapters.forgotten).toEqual([]);
    setup.table.update('s1', { desiredState: 'running' });
    setup.loop.reconcile('s1');
    await until(() => setup.adapterStatus('a1') === 'RUNNING', 'the adapter RUNNING again');
    setup.table.update('s1', { desiredState: 'deleted' });
    setup.loop.reconcile('s1');
    await until(() => !setup.table.rows.has('s1'), 'the service gone');
    expect(setup.fake.calls.slice(-3)).toEqual([`stop ${A1}`, 'stop s1', 'remove s1']);
    expect(setup.adapters.forgotten).toEqual(['a1']);
    expect(setup.fake.isRunning({ ...runtimeRef('x'), id: A1 })).toBe(false);
  });

  it('an adapter whose row is deleted is stopped and forgotten; its service runs on', async () => {
    const setup = setUp();
    await withAdapter(setup);
    setup.adapters.rows.delete('a1');
    setup.loop.reconcile('s1');
    await until(() => setup.adapters.forgotten.length === 1, 'forgotten');
    expect(setup.fake.calls.slice(2)).toEqual([`stop ${A1}`]);
    expect(setup.loop.endpointOf('s1')).not.toBeNull();
  });

  it('after a control-plane restart, re-attaches a live adapter (no new start) and starts a dead one', async () => {
    const setup = setUp();
    setup.table.insert('s1', { mqttPort: 21_500, status: 'RUNNING' });
    setup.fake.leave('s1', '6.10', { httpPort: 45_000, mqttPort: 21_500 });
    setup.adapters.insert('a1', 's1', { status: 'RUNNING' });
    setup.adapters.insert('a2', 's1', { status: 'RUNNING' });
    setup.fake.leave(A1, '1.0', { httpPort: 45_001, mqttPort: 0 });
    setup.identities.set(45_001, A1);
    await setup.loop.start();
    await until(
      () => setup.starts(A2) === 1 && setup.adapterStatus('a2') === 'RUNNING',
      'the dead adapter started',
    );
    expect(setup.fake.calls).toEqual([`attach ${A1}`, 'attach s1', `start ${A2} 1.0`]);
    expect(setup.adapters.statuses.get('a1')).toBeUndefined();
    expect(setup.adapters.statuses.get('a2')).toEqual([
      'POD_PENDING',
      'POD_INITIALIZING',
      'RUNNING',
    ]);
    // The attached one is supervised: its end is a crash, and it is started again.
    setup.fake.end(A1, { attached: true });
    await until(() => setup.starts(A1) === 1 && setup.adapterStatus('a1') === 'RUNNING', 'restart');
  });

  it('after a control-plane restart, stops a live adapter that was disabled meanwhile', async () => {
    const setup = setUp();
    setup.table.insert('s1', { mqttPort: 21_500, status: 'RUNNING' });
    setup.adapters.insert('a1', 's1', { status: 'RUNNING', desired: 'stopped' });
    setup.fake.leave(A1, '1.0', { httpPort: 45_001, mqttPort: 0 });
    setup.identities.set(45_001, A1);
    await setup.loop.start();
    await until(() => setup.adapterStatus('a1') === 'SUSPENDED', 'SUSPENDED');
    expect(setup.fake.calls.filter((call) => call.includes(A1))).toEqual([
      `attach ${A1}`,
      `stop ${A1}`,
    ]);
  });

  it('does not re-attach a process that does not prove to be the adapter', async () => {
    const setup = setUp();
    setup.table.insert('s1', { mqttPort: 21_500, status: 'RUNNING' });
    setup.adapters.insert('a1', 's1', { status: 'RUNNING' });
    setup.fake.leave(A1, '1.0', { httpPort: 45_001, mqttPort: 0 });
    setup.identities.set(45_001, A2);
    await setup.loop.start();
    await until(() => setup.starts(A1) === 1 && setup.adapterStatus('a1') === 'RUNNING', 'started');
    expect(setup.fake.calls).toEqual(['start s1 6.10', `stop leftover ${A1}`, `start ${A1} 1.0`]);
  });

  it('a source that cannot be read holds up no runtime', async () => {
    const setup = setUp();
    setup.table.insert('s1', { mqttPort: 21_500, status: 'RUNNING' });
    setup.adapters.source.listDesired = () => Promise.reject(new Error('relation does not exist'));
    await setup.loop.start();
    await until(() => setup.loop.endpointOf('s1') !== null, 'the runtime registered');
    expect(setup.fake.calls).toEqual(['start s1 6.10']);
  });

  it('close() stops the adapters with the runtimes', async () => {
    const setup = setUp();
    await withAdapter(setup);
    await setup.loop.close();
    expect(setup.fake.isRunning({ ...runtimeRef('x'), id: A1 })).toBe(false);
    expect(setup.fake.isRunning(runtimeRef('s1'))).toBe(false);
  });
});
