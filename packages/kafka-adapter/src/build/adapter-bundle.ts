import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The adapter as one compiled ES module, as the runtime is (docs/decisions/028, 048): the control plane spawns
 * `node dist/main.mjs`, which starts without TypeScript compilation or the resolution of hundreds of files. Rebuilt
 * when a file it was made from changed; development may still start `src/main.ts` through tsx.
 */
export const ADAPTER_PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const ADAPTER_SOURCE_ENTRY = join(ADAPTER_PACKAGE_DIR, 'src', 'main.ts');
export const ADAPTER_BUNDLE = join(ADAPTER_PACKAGE_DIR, 'dist', 'main.mjs');
const BUNDLE_INPUTS = join(ADAPTER_PACKAGE_DIR, 'dist', 'main.inputs.json');

interface BundleInputs {
  builtAt: number;
  files: string[];
}

/** Written to a temporary file and renamed, so a process never loads half a bundle. */
export async function buildAdapterBundle(): Promise<string> {
  const builtAt = Date.now();
  const result = await build({
    entryPoints: [ADAPTER_SOURCE_ENTRY],
    absWorkingDir: ADAPTER_PACKAGE_DIR,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Names kept, so a crash's stack trace in the adapter's log names the functions.
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: false,
    sourcemap: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // kafkajs, avsc and mqtt.js's dependencies are CommonJS and require() Node's built-in modules.
    banner: {
      js: "import { createRequire as __heraldCreateRequire } from 'node:module';\nconst require = __heraldCreateRequire(import.meta.url);",
    },
    outfile: ADAPTER_BUNDLE,
  });
  await mkdir(join(ADAPTER_PACKAGE_DIR, 'dist'), { recursive: true });
  const outputs = [...result.outputFiles].sort(
    (a, b) => Number(a.path === ADAPTER_BUNDLE) - Number(b.path === ADAPTER_BUNDLE),
  );
  for (const output of outputs) {
    const temporary = `${output.path}.${process.pid}.${builtAt}.tmp`;
    await writeFile(temporary, output.contents);
    await rename(temporary, output.path);
  }
  const inputs: BundleInputs = {
    builtAt,
    files: Object.keys(result.metafile.inputs).map((file) => resolve(ADAPTER_PACKAGE_DIR, file)),
  };
  await writeFile(`${BUNDLE_INPUTS}.${process.pid}.tmp`, JSON.stringify(inputs));
  await rename(`${BUNDLE_INPUTS}.${process.pid}.tmp`, BUNDLE_INPUTS);
  return ADAPTER_BUNDLE;
}

/** True when dist/main.mjs exists and none of the files it was built from changed since (or went away). */
export async function isAdapterBundleFresh(): Promise<boolean> {
  let inputs: BundleInputs;
  try {
    await stat(ADAPTER_BUNDLE);
    inputs = JSON.parse(await readFile(BUNDLE_INPUTS, 'utf8')) as BundleInputs;
  } catch {
    return false;
  }
  const times = await Promise.all(
    inputs.files.map((file) =>
      stat(file).then(
        (info) => info.mtimeMs,
        () => Infinity,
      ),
    ),
  );
  return times.every((time) => time < inputs.builtAt);
}

let pending: Promise<string> | null = null;

/** The bundle, rebuilt first when missing or stale; concurrent callers share one build. */
export function ensureAdapterBundle(): Promise<string> {
  pending ??= (async () => {
    try {
      return (await isAdapterBundleFresh()) ? ADAPTER_BUNDLE : await buildAdapterBundle();
    } finally {
      pending = null;
    }
  })();
  return pending;
}
