import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { TokenSigner } from '../../../modules/service-api/tokens';
import type { IdentityProof, LaunchSpec, WorkloadRef } from '../drivers/driver';

/** What every kind gets to build its process: the installation's settings and the token signer. */
export interface KindContext {
  config: Config;
  tokens: TokenSigner;
  logger: FastifyBaseLogger;
}

/**
 * A kind of workload (docs/decisions/042): one entry says where its process's files are, how it is started (command
 * and environment, its credential included) and how a process proves to be it when re-attached. The reconcile loop
 * and the drivers are the same for every kind; a new kind is an entry here and its own package.
 */
export interface WorkloadKind<Source extends Key, Key = Source> {
  /** `runtime`, `kafka-adapter`, `rest-adapter`, … */
  name: string;
  /** Its reference from the part of its source that names it (a runtime's: its service id). */
  refOf(key: Key): WorkloadRef;
  launch(source: Source): Promise<LaunchSpec>;
  proof(source: Source): IdentityProof;
}
