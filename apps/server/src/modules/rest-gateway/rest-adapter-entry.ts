/**
 * The REST adapter process's entry at each spawn, as the Kafka adapter's (kafka-adapter-kind.ts defaultEntry): the
 * compiled bundle of packages/rest-adapter, rebuilt first when missing or older than its sources; when it cannot be
 * built, the sources through tsx (slower to start, the same process), so an adapter never stays down for a build.
 *
 * The package is built in parallel with this module (issue 28): it is imported by name at the call, so this server
 * compiles and runs without it; once it is in the workspace this reads as the Kafka kind's static import of
 * `@herald/kafka-adapter/build/adapter-bundle` does.
 */
const ADAPTER_BUNDLE_MODULE = '@herald/rest-adapter/build/adapter-bundle';

interface AdapterBundleModule {
  ensureAdapterBundle(): Promise<string>;
  ADAPTER_SOURCE_ENTRY: string;
}

export async function defaultRestAdapterEntry(logger: {
  warn(fields: object, msg: string): void;
}): Promise<string> {
  const { ensureAdapterBundle, ADAPTER_SOURCE_ENTRY } = (await import(
    ADAPTER_BUNDLE_MODULE
  )) as AdapterBundleModule;
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
