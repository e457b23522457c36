import { DEFAULT_CRASH_POLICY } from '@herald/contract/provisioning/crash-policy';
import type { CrashPolicy } from '@herald/contract/provisioning/crash-policy';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { TokenSigner } from '../../modules/service-api/tokens';
import { createLocalDriver } from './drivers/local/local-driver';
import type { LocalDriverTimings } from './drivers/local/local-process';
import { createPortLease } from './drivers/local/port-lease';
import type { LocalProvisioner, ServiceRuntimeStatus } from './reconcile/loop-types';
import { createReconcileLoop } from './reconcile/reconcile-loop';
import { createServiceStore } from './reconcile/service-store';
import { createRuntimeAdmin } from './workloads/runtime-admin';
import { createWorkloadKinds } from './workloads/kinds';
import type { AdapterKindRegistration } from './workloads/kinds';

export type {
  LocalProvisioner,
  ProvisionerEvent,
  ProvisionerEventListener,
  ServiceRuntimeStatus,
  StatusListener,
} from './reconcile/loop-types';
export { signControlPlaneToken } from './workloads/control-plane-token';

/** Supervision timings: the loop's crash policy and the local driver's; the defaults are the production values. */
export type ProvisionerTimings = CrashPolicy & LocalDriverTimings;

export interface LocalProvisionerOptions {
  db: Database;
  config: Config;
  logger: FastifyBaseLogger;
  tokens: TokenSigner;
  clock: () => Date;
  /** Called after each status write (tests record the transitions). */
  onStatus?: (serviceId: string, status: ServiceRuntimeStatus) => void;
  /**
   * The runtime's entry module (default: the compiled packages/runtime/dist/main.mjs, built when stale; a `.ts`
   * entry runs through tsx); tests may point at a stand-in.
   */
  runtimeEntry?: string;
  timings?: Partial<ProvisionerTimings>;
  /** The metrics-only secret each runtime accepts for GET /metrics (a Prometheus server scrapes with it). */
  metricsToken?: string;
  /** The adapter kinds to run (default: the registry's, workloads/kinds.ts); tests may register a stand-in. */
  adapterKinds?: readonly AdapterKindRegistration[];
}

/**
 * The embedded provisioner (docs/decisions/042): the reconcile loop over the database's services (and the
 * registered adapter kinds' workloads) with the local process driver, each a detached process on this machine
 * (docs/decisions/014).
 */
export function createLocalProvisioner(options: LocalProvisionerOptions): LocalProvisioner {
  const { db, config, logger, tokens, clock } = options;
  const timings = options.timings ?? {};
  const kinds = createWorkloadKinds(
    {
      config,
      tokens,
      logger,
      db,
      clock,
      ...(options.runtimeEntry !== undefined && { runtimeEntry: options.runtimeEntry }),
      ...(options.metricsToken !== undefined && { metricsToken: options.metricsToken }),
    },
    options.adapterKinds,
  );
  const loop = createReconcileLoop({
    store: createServiceStore(db, clock),
    driver: createLocalDriver({ dataDir: config.dataDir, logger, timings }),
    runtimeKind: kinds.runtime,
    adapterKinds: kinds.adapters,
    admin: createRuntimeAdmin(tokens),
    leasePort: createPortLease({ db, config, logger, clock }),
    policy: { ...DEFAULT_CRASH_POLICY, ...pickPolicy(timings) },
    logger,
    clock,
  });
  if (options.onStatus) loop.watchStatus(options.onStatus);
  return loop;
}

function pickPolicy(timings: Partial<ProvisionerTimings>): Partial<CrashPolicy> {
  const { backoffInitialMs, backoffMaxMs, crashLimit, crashWindowMs } = timings;
  return Object.fromEntries(
    Object.entries({ backoffInitialMs, backoffMaxMs, crashLimit, crashWindowMs }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}
