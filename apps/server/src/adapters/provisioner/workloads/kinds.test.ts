import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import type { TokenSigner } from '../../../modules/service-api/tokens';
import { createFakeAdapterSource } from '../reconcile/testing/fake-adapter-source';
import { createAdapterKind } from './adapter-kind';
import { ADAPTER_KINDS, createWorkloadKinds } from './kinds';
import type { AdapterKindRegistration } from './kinds';

const context = {
  config: { dataDir: '/data', host: '127.0.0.1', catalogueFile: '/none' } as Config,
  tokens: {} as TokenSigner,
  logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  db: {} as Database,
  clock: () => new Date(),
};

/** A registration as issue 27 or 28 adds one: its declaration made a kind, and its source. */
const registration =
  (name: string): AdapterKindRegistration =>
  (kindContext) => ({
    kind: createAdapterKind(
      {
        name,
        fileStem: (id) => `${name}-${id}`,
        command: async () => ({ args: [], cwd: '.' }),
        env: () => ({}),
        identify: async () => null,
      },
      kindContext,
    ),
    source: createFakeAdapterSource(name).source,
  });

describe('the registry of workload kinds', () => {
  it('runs the runtime, the Kafka adapter kind and the REST adapter kind in production', () => {
    expect(ADAPTER_KINDS).toHaveLength(2);
    const kinds = createWorkloadKinds(context);
    expect(kinds.runtime.name).toBe('runtime');
    expect(kinds.adapters.map((entry) => entry.kind.name)).toEqual([
      'kafka-adapter',
      'rest-adapter',
    ]);
    expect(
      kinds.adapters[0]!.kind.refOf({ service: { id: 's1' }, adapter: { id: 'k1.member-2' } }).files
        .log,
    ).toBe('kafka-adapter-k1.member-2.log');
    // One REST adapter per service: its files have the one stem the logs screen reads (rest-adapter.log).
    expect(
      kinds.adapters[1]!.kind.refOf({ service: { id: 's1' }, adapter: { id: 'r1' } }),
    ).toMatchObject({
      id: 's1.rest-adapter',
      files: {
        log: 'rest-adapter.log',
        info: 'rest-adapter.json',
        notes: 'rest-adapter.control.json',
      },
    });
  });

  it('builds each registered adapter kind with its source', () => {
    const kinds = createWorkloadKinds(context, [
      registration('kafka-adapter'),
      registration('rest-adapter'),
    ]);
    expect(kinds.adapters.map((entry) => entry.kind.name)).toEqual([
      'kafka-adapter',
      'rest-adapter',
    ]);
    expect(kinds.adapters[0]!.kind.refOf({ service: { id: 's1' }, adapter: { id: 'k1' } }).id).toBe(
      's1.kafka-adapter-k1',
    );
  });

  it('refuses a kind registered twice (its workloads would share files)', () => {
    expect(() =>
      createWorkloadKinds(context, [registration('kafka-adapter'), registration('kafka-adapter')]),
    ).toThrow('Workload kind registered twice: kafka-adapter');
  });
});
