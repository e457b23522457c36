import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { nodeBundle } from './node-bundle';

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

/**
 * Bundles src/main.ts with its dependencies (aedes, ws, jose, zod, the contract's sources) into dist/main.mjs, the
 * way every Herald process is bundled (node-bundle.ts), with the runtime's own stand-ins.
 */
const runtimeBundle = nodeBundle({
  packageDir: RUNTIME_PACKAGE_DIR,
  entry: RUNTIME_SOURCE_ENTRY,
  outfile: RUNTIME_BUNDLE,
  esbuild: {
    plugins: [zodEnglishOnly],
    alias: {
      debug: join(RUNTIME_PACKAGE_DIR, 'src', 'build', 'debug-off.cjs'),
      // mqtt-packet's parser (its only user here) needs a buffer list, not a stream: `bl()` is a whole Duplex
      // stream per connection (two stream states, listeners, ~1.5 KiB a session, issue 14); the plain BufferList
      // has the same append/consume/get/readUInt8/indexOf/slice/length.
      bl: 'bl/BufferList.js',
    },
  },
});

export const buildRuntimeBundle = (): Promise<string> => runtimeBundle.build();
export const isRuntimeBundleFresh = (): Promise<boolean> => runtimeBundle.isFresh();
/**
 * The bundle, rebuilt first when missing or stale (a source edited since, a fresh clone without `npm start`).
 * Concurrent callers share one build.
 */
export const ensureRuntimeBundle = (): Promise<string> => runtimeBundle.ensure();
