import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundle } from '@herald/runtime/node-bundle';

/**
 * The adapter as one compiled ES module, as the runtime is (docs/decisions/028, 048, 051): the control plane spawns
 * `node dist/main.mjs`, which starts without TypeScript compilation or the resolution of hundreds of files. Rebuilt
 * when a file it was made from changed (the runtime's node-bundle.ts); development may still start `src/main.ts`
 * through tsx.
 */
export const ADAPTER_PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const ADAPTER_SOURCE_ENTRY = join(ADAPTER_PACKAGE_DIR, 'src', 'main.ts');
export const ADAPTER_BUNDLE = join(ADAPTER_PACKAGE_DIR, 'dist', 'main.mjs');
const adapterBundle = nodeBundle({
  packageDir: ADAPTER_PACKAGE_DIR,
  entry: ADAPTER_SOURCE_ENTRY,
  outfile: ADAPTER_BUNDLE,
});

export const buildAdapterBundle = (): Promise<string> => adapterBundle.build();
export const isAdapterBundleFresh = (): Promise<boolean> => adapterBundle.isFresh();
/** The bundle, rebuilt first when missing or stale; concurrent callers share one build. */
export const ensureAdapterBundle = (): Promise<string> => adapterBundle.ensure();
