import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { StaticShell } from './src/prerender/static-shells';

/**
 * Where the app's own root goes; a shell is placed before it (src/lib/painted-page/handover/static-shell.ts removes it).
 */
const ROOT_ELEMENT = '<div id="root"></div>';
export const STATIC_SHELL_ID = 'static-shell';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * index.html with a shell painted before any script runs: inert, so nothing can be typed or sent before the app.
 * The shell paints with the CSS alone, so its scripts are fetched at low priority: on a slow network the CSS then
 * has the bandwidth first instead of sharing it with ~200 KiB of JavaScript (docs/decisions/029).
 */
export function withStaticShell(
  indexHtml: string,
  shell: Omit<StaticShell, 'file'>,
  { isInert = true }: { isInert?: boolean } = {},
): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return indexHtml
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`)
    .replace(
      ROOT_ELEMENT,
      `<div id="${STATIC_SHELL_ID}"${isInert ? ' inert' : ''}>${shell.markup}</div>${ROOT_ELEMENT}`,
    );
}

/** The entry of the painted pages' small start script (src/shell-start.ts, docs/decisions/031). */
export const SHELL_START_ENTRY = 'src/shell-start.ts';
const APP_SCRIPT = /<script type="module" fetchpriority="low" crossorigin src="([^"]+)"><\/script>/;

/**
 * A shell page whose app starts when the person begins to use it (docs/decisions/031): its only script is the start
 * script, which knows the app's entry from the shell's `data-app-entry`; the app's modules are fetched at low
 * priority into the cache (`prefetch`: fetched, not run) instead of preloaded, so nothing of the app runs at load.
 * Must match APP_ENTRY_ATTRIBUTE of src/lib/painted-page/start-script/shell-wake.ts.
 */
export function withWakeOnInteraction(shellHtml: string, wakeScript: string): string {
  const appEntry = APP_SCRIPT.exec(shellHtml)?.[1];
  if (appEntry === undefined) throw new Error('the shell page has no app entry script');
  return shellHtml
    .replace(
      APP_SCRIPT,
      () =>
        `<script type="module" crossorigin src="${wakeScript}"></script>\n` +
        `    <link rel="prefetch" fetchpriority="low" crossorigin href="${appEntry}">`,
    )
    .replace(
      /<link rel="modulepreload" fetchpriority="low" /g,
      '<link rel="prefetch" fetchpriority="low" ',
    )
    .replace(
      `<div id="${STATIC_SHELL_ID}"`,
      () => `<div id="${STATIC_SHELL_ID}" data-app-entry="${appEntry}"`,
    );
}

/** Where the start script's build writes its manifest (scripts/check-bundle-budget.mjs reads it beside Vite's). */
export const SHELL_START_MANIFEST = '.vite/shell-start.manifest.json';

/**
 * The painted pages' start script (src/shell-start.ts) in a build of its own, so it is one small file: in the app's
 * build the modules it shares with the app (contract constants, a status rule) became chunks of their own, each
 * another request after the script itself on a slow network. Returns its path as the pages load it.
 */
async function buildShellStart(root: string, outDir: string): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: SHELL_START_MANIFEST,
      sourcemap: false,
      rolldownOptions: { input: { 'shell-start': path.join(root, SHELL_START_ENTRY) } },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((build) => ('output' in build ? build.output : []))
    .filter((output) => output.type === 'chunk');
  const [entry] = chunks;
  if (chunks.length !== 1 || !entry?.isEntry) {
    throw new Error(`the start script must build to one file, not ${chunks.length}`);
  }
  return `/${entry.fileName}`;
}

/**
 * The server's painted pages (docs/decisions/032): its renderer and template go inside the web build, so one
 * directory deploys both; the server never serves a dot-directory (apps/server/src/plugins/spa.ts). The same as the
 * contract's api/painted-page.ts, which this file cannot import (static-shells.test.tsx compares them).
 */
export const PAINTED_SERVER_DIR = '.server';
export const PAINTED_PAGE_TEMPLATE = 'painted-page.html';
export const PAINTED_TITLE_SLOT = '%PAINTED_TITLE%';
export const PAINTED_MARKUP_SLOT = '%PAINTED_MARKUP%';

/**
 * After the client build, a second, server-side build of the same sources and config (so CSS module class names
 * match the client's) into PAINTED_SERVER_DIR: the static shells (src/prerender/static-shells.tsx) are rendered with it at
 * build time, one HTML file per shell beside index.html (docs/decisions/017), and the server keeps its renderer of
 * signed-in pages and their template (docs/decisions/032). The precompress plugin runs after it (closeBundle) and
 * compresses the shells too.
 */
export function staticShellsPlugin(): Plugin {
  let outDir = '';
  let root = '';
  let configFile: string | undefined;
  let isServerBuild = false;
  return {
    name: 'herald-static-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      isServerBuild = Boolean(config.build.ssr);
    },
    async writeBundle() {
      if (isServerBuild) return;
      const wakeScript = await buildShellStart(root, outDir);
      const serverDir = path.join(outDir, PAINTED_SERVER_DIR);
      await build({
        root,
        configFile,
        logLevel: 'warn',
        build: {
          ssr: true,
          outDir: serverDir,
          emptyOutDir: true,
          manifest: false,
          sourcemap: false,
          copyPublicDir: false,
          rolldownOptions: {
            input: {
              'static-shells': path.join(root, 'src/prerender/static-shells.tsx'),
              'painted-pages': path.join(root, 'src/prerender/painted-pages.tsx'),
            },
          },
        },
        // React's production build: the server renders a page per request.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // Bundle everything the pages import, so Node resolves nothing from the sources or node_modules (CSS
        // included): the server loads the renderer from the build alone.
        ssr: { noExternal: true },
      });
      const shells = (await import(
        pathToFileURL(path.join(serverDir, 'static-shells.js')).href
      )) as { renderStaticShells(): StaticShell[] };
      const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
      for (const shell of shells.renderStaticShells()) {
        const html = withStaticShell(indexHtml, shell);
        await writeFile(
          path.join(outDir, shell.file),
          shell.startsOnInteraction ? withWakeOnInteraction(html, wakeScript) : html,
        );
      }
      await writeFile(
        path.join(serverDir, PAINTED_PAGE_TEMPLATE),
        withWakeOnInteraction(
          // Not inert: it has no form that could be sent before the start script holds it, and taking `inert` off
          // restyles the whole page (~50 ms under a 4× CPU slowdown) while it loads.
          withStaticShell(
            indexHtml,
            { title: PAINTED_TITLE_SLOT, markup: PAINTED_MARKUP_SLOT },
            { isInert: false },
          ),
          wakeScript,
        ),
      );
    },
  };
}
