import { describe, expect, it } from 'vitest';
import { planReconcile } from './reconcile-plan';
import type { DesiredWorkload, ObservedWorkload } from './reconcile-plan';

const desired: DesiredWorkload = {
  state: 'running',
  version: '6.10',
  restartGeneration: 2,
  resetGeneration: 1,
  credentialVersion: 3,
  status: 'RUNNING',
};

const serving: ObservedWorkload = {
  isUp: true,
  isBackingOff: false,
  isErrored: false,
  crashCount: 0,
  version: '6.10',
  credentialVersion: 3,
  handledRestartGeneration: 2,
  handledResetGeneration: 1,
  hasEndpoint: true,
  isRegistered: true,
};

const absent: ObservedWorkload = {
  ...serving,
  isUp: false,
  version: null,
  credentialVersion: null,
  hasEndpoint: false,
  isRegistered: false,
};

const inLine = {
  kind: 'bring-in-line',
  updateCredential: false,
  register: false,
  markRunning: false,
};

describe('the reconcile plan', () => {
  it.each([
    ['a row that is gone is forgotten', { state: 'gone' }, serving, { kind: 'forget' }],
    ['a deleted row is deleted, whatever runs', { state: 'deleted' }, absent, { kind: 'delete' }],
    [
      'a suspended service that runs is stopped and written SUSPENDED',
      { state: 'suspended' },
      serving,
      { kind: 'suspend', stop: true, writeStatus: true },
    ],
    [
      'a suspended service in a backoff has its restart cancelled',
      { state: 'suspended', status: 'SUSPENDED' },
      { ...absent, isBackingOff: true },
      { kind: 'suspend', stop: true, writeStatus: false },
    ],
    [
      'a suspended service already stopped and written is left as it is',
      { state: 'suspended', status: 'SUSPENDED' },
      absent,
      { kind: 'suspend', stop: false, writeStatus: false },
    ],
    ['an errored service waits to be asked', {}, { ...absent, isErrored: true }, { kind: 'hold' }],
    ['a service with nothing running starts (first)', {}, absent, { kind: 'start', isFirst: true }],
    [
      'after a crash it starts again, not as a first start',
      {},
      { ...absent, crashCount: 2 },
      { kind: 'start', isFirst: false },
    ],
    ['a new restart generation restarts', { restartGeneration: 3 }, serving, { kind: 'restart' }],
    [
      'a new version restarts (scheduled update)',
      { version: '6.11' },
      serving,
      { kind: 'restart' },
    ],
    [
      'a re-attached runtime of an unknown version restarts',
      {},
      { ...serving, version: null },
      { kind: 'restart' },
    ],
    ['a start in progress is waited for', {}, { ...serving, hasEndpoint: false }, { kind: 'wait' }],
    ['a new reset generation resets', { resetGeneration: 2 }, serving, { kind: 'reset' }],
    ['a serving workload in line needs nothing', {}, serving, inLine],
    [
      'a new credential version is told to the runtime',
      { credentialVersion: 4 },
      serving,
      { ...inLine, updateCredential: true },
    ],
    [
      'a re-attached runtime is registered (and told its credential version)',
      {},
      { ...serving, isRegistered: false, credentialVersion: null },
      { ...inLine, updateCredential: true, register: true },
    ],
    [
      'a registered one whose row says otherwise is written RUNNING again',
      { status: 'POD_INITIALIZING' },
      serving,
      { ...inLine, markRunning: true },
    ],
  ] as const)('%s', (_name, want, observed, action) => {
    expect(planReconcile({ ...desired, ...want }, observed)).toEqual(action);
  });
});
