import { randomUUID } from 'node:crypto';
import { FEATURE_FLAGS } from '@herald/contract/flags/flags';
import type { FeatureFlag } from '@herald/contract/flags/flags';
import { NOOP_PROVIDER, OpenFeature } from '@openfeature/server-sdk';
import type { Client } from '@openfeature/server-sdk';
import type { Config } from '../../config';
import { FlagsFileProvider } from './file-provider';
import { loadFlagsFile } from './flags-file';

/** The feature flags port (ARCHITECTURE "Ports"): an OpenFeature client plus the keys it knows. */
export interface Flags {
  readonly client: Client;
  readonly keys: readonly FeatureFlag[];
  close(): Promise<void>;
}

/**
 * Loads FLAGS_FILE (throwing FlagsFileError on a bad file) and binds its provider to an OpenFeature domain of
 * its own: the OpenFeature API is a process-wide singleton, and each app instance (tests build many) must
 * evaluate against its own file. A Unleash or flagd provider would be bound here instead.
 */
export async function createFlags(config: Pick<Config, 'flagsFile'>): Promise<Flags> {
  const file = loadFlagsFile(config.flagsFile);
  const domain = `herald-${randomUUID()}`;
  await OpenFeature.setProviderAndWait(domain, new FlagsFileProvider(file));
  return {
    client: OpenFeature.getClient(domain),
    keys: FEATURE_FLAGS,
    async close() {
      // The SDK cannot unbind a domain; replacing the provider shuts ours down.
      await OpenFeature.setProviderAndWait(domain, NOOP_PROVIDER);
    },
  };
}
