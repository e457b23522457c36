/**
 * The chunks a signed-in page's routes need before it can show anything (docs/decisions/032). The web build writes
 * them per page (apps/web/vite-page-preloads.ts, from app/page-modules.ts) into PAGE_PRELOADS_FILE beside
 * index.html; the server adds them to the page's HTML as `<link rel=modulepreload>`, so they download beside the
 * entry instead of after the entry has run and the router has matched the path.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

export interface PagePreloads {
  /** `path` is a regular expression over the pathname; `files` are paths under the build's root. */
  pages: { path: string; files: string[] }[];
}

/** An asset file name as the build writes them: nothing that could leave the attribute or the assets folder. */
const ASSET_FILE = /^assets\/[A-Za-z0-9._-]+\.js$/;

/** Reads the build's file; anything malformed preloads nothing rather than failing the page. */
export function parsePagePreloads(text: string): PagePreloads {
  try {
    const parsed = JSON.parse(text) as Partial<PagePreloads>;
    if (!Array.isArray(parsed.pages)) return { pages: [] };
    return {
      pages: parsed.pages.filter(
        (page): page is PagePreloads['pages'][number] =>
          typeof page?.path === 'string' &&
          Array.isArray(page.files) &&
          page.files.every((file) => typeof file === 'string' && ASSET_FILE.test(file)),
      ),
    };
  } catch {
    return { pages: [] };
  }
}

/** The page's HTML with a modulepreload for each chunk of the first page matching `pathname`, not already in it. */
export function withPagePreloads(html: string, pathname: string, preloads: PagePreloads): string {
  const page = preloads.pages.find((candidate) => new RegExp(candidate.path).test(pathname));
  if (page === undefined) return html;
  const links = page.files
    .filter((file) => !html.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return links === '' ? html : html.replace('</head>', () => `${links}</head>`);
}
