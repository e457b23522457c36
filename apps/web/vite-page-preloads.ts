import { writeFile } from 'node:fs/promises';
import path from 'node:path';
// Only a type from the contract: Vite loads this config with Node, which cannot import the contract's .ts sources.
import type { PagePreloads } from '@herald/contract/api/page-preloads';
import type { Plugin, Rolldown } from 'vite';
import { PAGE_MODULES } from './src/app/page-modules';
import { appEntryOf, chunksOf, withStaticImports } from './vite-preload-api';

/** Must equal the contract's PAGE_PRELOADS_FILE, which the server reads (page-modules.test.ts checks it). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * For each page of PAGE_MODULES, the chunks its route modules need (each module's chunk and its static imports),
 * less those index.html loads anyway (the entry's static imports). Throws when a module is no chunk's facade: a
 * route moved or renamed must fail the build, not silently preload nothing.
 */
export function pagePreloadsOf(
  bundle: Rolldown.OutputBundle,
  root: string,
  pages: typeof PAGE_MODULES = PAGE_MODULES,
): PagePreloads {
  const entry = appEntryOf(bundle);
  if (entry === undefined) throw new Error('the build has no index.html entry');
  const loaded = withStaticImports(bundle, entry.fileName, new Set());
  const chunks = chunksOf(bundle);
  return {
    pages: pages.map((page) => {
      const files = new Set<string>();
      for (const module of page.modules) {
        const id = path.join(root, module);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (chunk === undefined) throw new Error(`${module} is not a chunk of the build`);
        withStaticImports(bundle, chunk.fileName, files);
      }
      return { path: page.path, files: [...files].filter((file) => !loaded.has(file)) };
    }),
  };
}

/** Writes PAGE_PRELOADS_FILE after the client build (docs/decisions/032). */
export function pagePreloadsPlugin(): Plugin {
  let root = '';
  let outDir = '';
  let isServerBuild = false;
  return {
    name: 'herald-page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isServerBuild = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      if (isServerBuild) return;
      const preloads = pagePreloadsOf(bundle, root);
      await writeFile(path.join(outDir, PAGE_PRELOADS_FILE), `${JSON.stringify(preloads)}\n`);
    },
  };
}
