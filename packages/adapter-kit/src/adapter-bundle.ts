import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundle } from '@herald/runtime/node-bundle';

/**
 * An adapter as one compiled ES module, as the runtime is (docs/decisions/028, 048, 051): the control plane spawns
 * `node dist/main.mjs`, which starts without TypeScript compilation or the resolution of hundreds of files. Rebuilt
 * when a file it was made from changed (the runtime's node-bundle.ts); development may still start `src/main.ts`
 * through tsx. Each adapter package calls this once from its `src/build/adapter-bundle.ts`.
 */
export function adapterBundle(buildModuleUrl: string) {
  const packageDir = fileURLToPath(new URL('../..', buildModuleUrl));
  const sourceEntry = join(packageDir, 'src', 'main.ts');
  const bundle = join(packageDir, 'dist', 'main.mjs');
  const built = nodeBundle({ packageDir, entry: sourceEntry, outfile: bundle });
  return {
    packageDir,
    sourceEntry,
    bundle,
    build: (): Promise<string> => built.build(),
    isFresh: (): Promise<boolean> => built.isFresh(),
    /** The bundle, rebuilt first when missing or stale; concurrent callers share one build. */
    ensure: (): Promise<string> => built.ensure(),
  };
}
