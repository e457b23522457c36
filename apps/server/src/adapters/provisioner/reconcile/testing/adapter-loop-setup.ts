import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../../../../config';
import type { ServiceTokenInput, TokenSigner } from '../../../../modules/service-api/tokens';
import { createAdapterKind } from '../../workloads/adapter-kind';
import type { ProvisionerEvent } from '../loop-types';
import { createReconcileLoop } from '../reconcile-loop';
import { createFakeAdapterSource } from './fake-adapter-source';
import { createFakeDriver } from './fake-driver';
import { createFakeStore } from './fake-store';
import { fakeRuntimeKind } from './fake-runtime-kind';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const policy = { backoffInitialMs: 5, backoffMaxMs: 20, crashLimit: 5, crashWindowMs: 60_000 };
const tokens = {
  signServiceToken: async (input: ServiceTokenInput) => ({
    token: `token-for-${input.subject}`,
    expiresIn: 60,
  }),
} as unknown as TokenSigner;

/**
 * The reconcile loop over a fake driver, an in-memory `service` table and an in-memory source of one adapter kind
 * (`test-adapter`, made by the real createAdapterKind), for adapter-loop.test.ts.
 */
export function setUpAdapterLoop() {
  const clock = () => new Date();
  const fake = createFakeDriver();
  const table = createFakeStore(clock);
  const adapters = createFakeAdapterSource('test-adapter');
  /** Which workload answers at which HTTP port (the adapter's identity endpoint, for its re-attach proof). */
  const identities = new Map<number, string>();
  const runtimeKind = fakeRuntimeKind();
  const adapterKind = createAdapterKind(
    {
      name: 'test-adapter',
      fileStem: (id) => `test-adapter-${id}`,
      command: async () => ({ args: ['test-adapter.mjs'], cwd: '.' }),
      env: ({ adapter }) => ({ TEST_TOPIC: String(adapter.config.topic) }),
      identify: async (endpoint) => {
        const workloadId = identities.get(endpoint.httpPort);
        return workloadId ? { workloadId, pid: 1 } : null;
      },
    },
    { config: { dataDir: '/data', host: '127.0.0.1' } as Config, tokens, logger },
  );
  const events: ProvisionerEvent[] = [];
  let port = 21_000;
  const newLoop = () => {
    const loop = createReconcileLoop({
      store: table.store,
      driver: fake.driver,
      runtimeKind,
      adapterKinds: [{ kind: adapterKind, source: adapters.source }],
      admin: { resetTopics: async () => 0, setCredentialVersion: async () => undefined },
      leasePort: async () => port++,
      policy,
      logger,
      clock,
    });
    loop.watchEvents((event) => events.push(event));
    return loop;
  };
  const loop = newLoop();
  const adapterStatus = (id: string) => adapters.rows.get(id)?.status;
  const starts = (workloadId: string) =>
    fake.calls.filter((call) => call.startsWith(`start ${workloadId} `)).length;
  return { fake, table, adapters, identities, events, loop, adapterStatus, starts };
}

/** A service whose runtime is RUNNING and whose adapter a1 is RUNNING. */

export type AdapterLoopSetup = ReturnType<typeof setUpAdapterLoop>;
