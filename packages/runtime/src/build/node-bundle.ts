import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * One Node process as one compiled ES module, rebuilt when stale (docs/decisions/028): the runtime's bundle and each
 * adapter's (docs/decisions/048) are made the same way, so the rules live here once:
 * - written to temporary files and renamed, the map before the bundle, so a concurrent builder (two test projects, a
 *   control plane starting while another one builds) never lets a process load half a file;
 * - beside it an inputs file (the files it was made from and when): a later change to any of them makes it stale;
 * - names kept (whitespace and syntax minified only), so a crash's stack trace in the process's log names the
 *   functions; the external source map, not loaded at run time, maps positions back to the sources;
 * - CommonJS dependencies (aedes, kafkajs, mqtt.js …) may require() Node's built-in modules.
 */
export interface NodeBundleOptions {
  /** The package's folder: the build's working directory. */
  packageDir: string;
  /** The entry module (`src/main.ts`). */
  entry: string;
  /** The bundle (`dist/main.mjs`); its inputs file is `dist/main.inputs.json` beside it. */
  outfile: string;
  /** What only this bundle needs (plugins, aliases). */
  esbuild?: Pick<BuildOptions, 'plugins' | 'alias'>;
}

export interface NodeBundle {
  build(): Promise<string>;
  /** True when the bundle exists and none of the files it was built from changed since (or went away). */
  isFresh(): Promise<boolean>;
  /** The bundle, rebuilt first when missing or stale; concurrent callers share one build. */
  ensure(): Promise<string>;
}

interface BundleInputs {
  builtAt: number;
  files: string[];
}

export function nodeBundle(options: NodeBundleOptions): NodeBundle {
  const { packageDir, entry, outfile } = options;
  const inputsFile = outfile.replace(/\.mjs$/, '.inputs.json');

  async function buildBundle(): Promise<string> {
    const builtAt = Date.now();
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: packageDir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      minifyWhitespace: true,
      minifySyntax: true,
      minifyIdentifiers: false,
      sourcemap: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
      banner: {
        js: "import { createRequire as __heraldCreateRequire } from 'node:module';\nconst require = __heraldCreateRequire(import.meta.url);",
      },
      outfile,
      ...options.esbuild,
    });
    await mkdir(dirname(outfile), { recursive: true });
    // The map first, the bundle last: whoever sees the new bundle finds its map beside it.
    const outputs = [...result.outputFiles].sort(
      (a, b) => Number(a.path === outfile) - Number(b.path === outfile),
    );
    for (const output of outputs) {
      const temporary = `${output.path}.${process.pid}.${builtAt}.tmp`;
      await writeFile(temporary, output.contents);
      await rename(temporary, output.path);
    }
    const inputs: BundleInputs = {
      builtAt,
      files: Object.keys(result.metafile.inputs).map((file) => resolve(packageDir, file)),
    };
    await writeFile(`${inputsFile}.${process.pid}.tmp`, JSON.stringify(inputs));
    await rename(`${inputsFile}.${process.pid}.tmp`, inputsFile);
    return outfile;
  }

  async function isFresh(): Promise<boolean> {
    let inputs: BundleInputs;
    try {
      await stat(outfile);
      inputs = JSON.parse(await readFile(inputsFile, 'utf8')) as BundleInputs;
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
  return {
    build: buildBundle,
    isFresh,
    ensure() {
      pending ??= (async () => {
        try {
          return (await isFresh()) ? outfile : await buildBundle();
        } finally {
          pending = null;
        }
      })();
      return pending;
    },
  };
}
