import {
  ADAPTER_SOURCE_ENTRY,
  ensureAdapterBundle,
} from '@herald/rest-adapter/build/adapter-bundle';

/**
 * The REST adapter process's entry at each spawn, as the Kafka adapter's (kafka-adapter-kind.ts defaultEntry): the
 * compiled bundle of packages/rest-adapter, rebuilt first when missing or older than its sources; when it cannot be
 * built, the sources through tsx (slower to start, the same process), so an adapter never stays down for a build.
 */
export async function defaultRestAdapterEntry(logger: {
  warn(fields: object, msg: string): void;
}): Promise<string> {
  try {
    return await ensureAdapterBundle();
  } catch (error) {
    logger.warn(
      { error: String(error) },
      'REST adapter bundle could not be built: starting the adapter from its sources with tsx',
    );
    return ADAPTER_SOURCE_ENTRY;
  }
}
