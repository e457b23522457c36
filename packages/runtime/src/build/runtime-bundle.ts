import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The runtime as one compiled ES module (docs/decisions/028): the control plane spawns `node dist/main.mjs`, which
 * starts in a fraction of the time and memory of `node --import tsx src/main.ts` (no TypeScript compiler and no
 * module resolution of hundreds of files at start). Development and in-process tests keep importing the sources.
 */
export const RUNTIME_PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const RUNTIME_SOURCE_ENTRY = join(RUNTIME_PACKAGE_DIR, 'src', 'main.ts');
export const RUNTIME_BUNDLE = join(RUNTIME_PACKAGE_DIR, 'dist', 'main.mjs');
/**
 * Node's flags for the bundle (the control plane, the tests and the benches start it with them).
 * `--max-semi-space-size=16` (MiB, V8's default maximum on 64-bit, set here so a Node release cannot lower it): the young
 * generation may grow under load, where most objects die young (a packet, its delivery, its write). Capped at 4 MiB
 * (the second pass, which read idle memory 10 s after a connection burst, before V8 had handed the burst's pages
 * back), QoS 0 cost 7.14 µs of CPU a message against 4.77 µs at 16, and its rate 0.91× mosquitto against 1.31×;
 * read once steady, 5,000 idle sessions cost the same either way (7.20 vs 7.41 KiB a session, within the spread;
 * docs/decisions/028, fifth pass). `--optimize-for-size` was tried before and rejected: it halved the RSS per idle
 * session (23 → 12 KiB) but also halved the throughput.
 */
export const RUNTIME_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
/** zod's re-export of every locale, taken from zod's own modules only, is replaced by English alone. */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(RUNTIME_PACKAGE_DIR, 'src', 'build', 'zod-locales-english.mjs') }
        : undefined,
    );
  },
};

/** The files the bundle was made from and when: a later change to any of them makes it stale. */
const BUNDLE_INPUTS = join(RUNTIME_PACKAGE_DIR, 'dist', 'main.inputs.json');

interface BundleInputs {
  builtAt: number;
  files: string[];
}

/**
 * Bundles src/main.ts with its dependencies (aedes, ws, jose, zod, the contract's sources) into dist/main.mjs.
 * The bundle is written to a temporary file and renamed, so a concurrent builder (two test projects, a control
 * plane starting while another one builds) never lets a process load half a file.
 */
export async function buildRuntimeBundle(): Promise<string> {
  const builtAt = Date.now();
  const result = await build({
    entryPoints: [RUNTIME_SOURCE_ENTRY],
    absWorkingDir: RUNTIME_PACKAGE_DIR,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Whitespace and comments out, names kept: the source V8 holds in memory halves (and stays one byte a
    // character), while a crash's stack trace in runtime.log still names the functions. The external source map
    // (not loaded at run time) maps its positions back to the sources.
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: false,
    sourcemap: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // aedes and its dependencies are CommonJS and call require() for Node's built-in modules.
    banner: {
      js: "import { createRequire as __heraldCreateRequire } from 'node:module';\nconst require = __heraldCreateRequire(import.meta.url);",
    },
    outfile: RUNTIME_BUNDLE,
    plugins: [zodEnglishOnly],
    alias: {
      debug: join(RUNTIME_PACKAGE_DIR, 'src', 'build', 'debug-off.cjs'),
      // mqtt-packet's parser (its only user here) needs a buffer list, not a stream: `bl()` is a whole Duplex
      // stream per connection (two stream states, listeners, ~1.5 KiB a session, issue 14); the plain BufferList
      // has the same append/consume/get/readUInt8/indexOf/slice/length.
      bl: 'bl/BufferList.js',
    },
  });
  await mkdir(join(RUNTIME_PACKAGE_DIR, 'dist'), { recursive: true });
  // The map first, the bundle last: whoever sees the new bundle finds its map beside it.
  const outputs = [...result.outputFiles].sort(
    (a, b) => Number(a.path === RUNTIME_BUNDLE) - Number(b.path === RUNTIME_BUNDLE),
  );
  for (const output of outputs) {
    const temporary = `${output.path}.${process.pid}.${builtAt}.tmp`;
    await writeFile(temporary, output.contents);
    await rename(temporary, output.path);
  }
  const inputs: BundleInputs = {
    builtAt,
    files: Object.keys(result.metafile.inputs).map((file) => resolve(RUNTIME_PACKAGE_DIR, file)),
  };
  await writeFile(`${BUNDLE_INPUTS}.${process.pid}.tmp`, JSON.stringify(inputs));
  await rename(`${BUNDLE_INPUTS}.${process.pid}.tmp`, BUNDLE_INPUTS);
  return RUNTIME_BUNDLE;
}

/** True when dist/main.mjs exists and none of the files it was built from changed since (or went away). */
export async function isRuntimeBundleFresh(): Promise<boolean> {
  let inputs: BundleInputs;
  try {
    await stat(RUNTIME_BUNDLE);
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

/**
 * The bundle, rebuilt first when missing or stale (a source edited since, a fresh clone without `npm start`).
 * Concurrent callers share one build.
 */
export function ensureRuntimeBundle(): Promise<string> {
  pending ??= (async () => {
    try {
      return (await isRuntimeBundleFresh()) ? RUNTIME_BUNDLE : await buildRuntimeBundle();
    } finally {
      pending = null;
    }
  })();
  return pending;
}
