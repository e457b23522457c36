import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
/** Below about one packet a smaller body saves no round trip. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // .vite holds the manifest for the bundle budget; the server does not serve dot-directories.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

async function precompress(file: string): Promise<void> {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller would only cost a disk read; the server then sends the file itself.
  await Promise.all([
    br.length < body.length && writeFile(`${file}.br`, br),
    gz.length < body.length && writeFile(`${file}.gz`, gz),
  ]);
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every text file of the build, public files
 * included. The server sends the variant the browser accepts (apps/server/src/plugins/spa.ts), so the best
 * compression is paid once at build time instead of on every request (docs/decisions/017).
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  let isServerBuild = false;
  return {
    name: 'herald-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isServerBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // The server-side build (vite-static-shells.ts) is read from disk by the server, never sent.
      if (isServerBuild) return;
      const files: string[] = [];
      for await (const file of filesUnder(outDir)) if (COMPRESSIBLE.test(file)) files.push(file);
      await Promise.all(files.map(precompress));
    },
  };
}
