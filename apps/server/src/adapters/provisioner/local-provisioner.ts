import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { TokenSigner } from '../../modules/service-api/tokens';
import type { Provisioner } from './provisioner';

export interface LocalProvisionerOptions {
  db: Database;
  config: Config;
  logger: FastifyBaseLogger;
  tokens: TokenSigner;
  clock: () => Date;
}

/** The embedded default provisioner: one runtime child process per service (being built). */
export function createLocalProvisioner(_options: LocalProvisionerOptions): Provisioner {
  return {
    async start() {},
    reconcile() {},
    endpointOf() {
      return null;
    },
    async close() {},
  };
}
