import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The modules `src/lib/api/load-api.ts` imports on demand: the API client and the route table with every schema. */
const API_MODULES = [/\/src\/lib\/api\/api-client\.ts$/, /\/contract\/src\/api\/routes\.ts$/];

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** A chunk and every chunk it imports statically, by file name. */
function withStaticImports(bundle: OutputBundle, file: string, into: Set<string>): Set<string> {
  const chunk = bundle[file];
  if (into.has(file) || chunk?.type !== 'chunk') return into;
  into.add(file);
  for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
  return into;
}

/** The app's entry chunk (index.html's), not another entry such as the login page's start script. */
function appEntryOf(bundle: OutputBundle): OutputChunk | undefined {
  return chunksOf(bundle).find(
    (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html') === true,
  );
}

/**
 * Every page first asks who is signed in (GET /v3/user), and that call needs the API client and the route table,
 * which are loaded on demand to keep their schemas out of the entry chunk. Preloading them from index.html fetches
 * them beside the entry instead of after it, which takes one round trip off the first paint (docs/decisions/017).
 */
export function preloadApiPlugin(): Plugin {
  return {
    name: 'herald-preload-api',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = chunksOf(bundle);
        const entry = appEntryOf(bundle);
        const alreadyLoaded = entry
          ? withStaticImports(bundle, entry.fileName, new Set())
          : new Set();
        const wanted = new Set<string>();
        for (const pattern of API_MODULES) {
          const holders = chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
          // A module moved or renamed would otherwise drop its preload without a word (and cost the first paint a
          // round trip): the build stops instead.
          if (holders.length === 0) throw new Error(`No chunk holds a module matching ${pattern}`);
          for (const chunk of holders) withStaticImports(bundle, chunk.fileName, wanted);
        }
        return [...wanted]
          .filter((file) => !alreadyLoaded.has(file))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
