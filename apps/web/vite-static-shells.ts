import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { StaticShell } from './src/prerender/static-shells';

/** Where the app's own root goes; a shell is placed before it (lib/static-shell.ts removes it). */
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
export function withStaticShell(indexHtml: string, shell: Omit<StaticShell, 'file'>): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return indexHtml
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`)
    .replace(
      ROOT_ELEMENT,
      `<div id="${STATIC_SHELL_ID}" inert>${shell.markup}</div>${ROOT_ELEMENT}`,
    );
}

/** The entry of the painted pages' small start script (src/shell-start.ts, docs/decisions/031). */
export const SHELL_START_ENTRY = 'src/shell-start.ts';
const APP_SCRIPT = /<script type="module" fetchpriority="low" crossorigin src="([^"]+)"><\/script>/;

/**
 * A shell page whose app starts when the person begins to use it (docs/decisions/031): its only script is the start
 * script, which knows the app's entry from the shell's `data-app-entry`; the app's modules are fetched at low
 * priority into the cache (`prefetch`: fetched, not run) instead of preloaded, so nothing of the app runs at load.
 * Must match APP_ENTRY_ATTRIBUTE of src/lib/shell-wake.ts.
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
      `<div id="${STATIC_SHELL_ID}" inert>`,
      () => `<div id="${STATIC_SHELL_ID}" inert data-app-entry="${appEntry}">`,
    );
}

/**
 * After the client build, renders the static shells (src/prerender/static-shells.tsx) with react-dom/server in a
 * second, server-side build of the same sources and config (so CSS module class names match the client's), and
 * writes one HTML file per shell beside index.html. The precompress plugin runs after it (closeBundle) and
 * compresses them too. docs/decisions/017.
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
    async writeBundle(_options, bundle) {
      if (isServerBuild) return;
      const wakeChunk = Object.values(bundle).find(
        (output) =>
          output.type === 'chunk' &&
          output.isEntry &&
          output.facadeModuleId === path.join(root, SHELL_START_ENTRY),
      );
      if (wakeChunk === undefined) throw new Error(`the build has no ${SHELL_START_ENTRY} entry`);
      const tempDir = await mkdtemp(path.join(os.tmpdir(), 'herald-shells-'));
      try {
        await build({
          root,
          configFile,
          logLevel: 'warn',
          build: {
            ssr: path.join(root, 'src/prerender/static-shells.tsx'),
            outDir: tempDir,
            emptyOutDir: true,
            manifest: false,
            sourcemap: false,
          },
          // Bundle everything the shells import, so Node resolves nothing from the sources (CSS included).
          ssr: { noExternal: true },
        });
        const bundle = (await import(
          pathToFileURL(path.join(tempDir, 'static-shells.js')).href
        )) as { renderStaticShells(): StaticShell[] };
        const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
        for (const shell of bundle.renderStaticShells()) {
          const html = withStaticShell(indexHtml, shell);
          await writeFile(
            path.join(outDir, shell.file),
            shell.startsOnInteraction
              ? withWakeOnInteraction(html, `/${wakeChunk.fileName}`)
              : html,
          );
        }
      } finally {
        await rm(tempDir, { recursive: true, force: true });
      }
    },
  };
}
