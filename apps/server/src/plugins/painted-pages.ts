import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PAINTED_MARKUP_SLOT,
  PAINTED_PAGES_MODULE,
  PAINTED_PAGE_TEMPLATE,
  PAINTED_SERVER_DIR,
  PAINTED_TITLE_SLOT,
} from '@herald/contract/api/painted-page';
import type { PageAnswers } from '@herald/contract/api/page-answers';
import type { FastifyBaseLogger } from 'fastify';

/** What the web build's renderer exports (apps/web/src/prerender/painted-pages.tsx). */
interface Renderer {
  renderPaintedPage(
    pathname: string,
    answers: PageAnswers,
  ): { title: string; markup: string } | null;
}

/** The HTML of a painted page, or null to send the page unpainted. */
export type PaintPage = (pathname: string, answers: PageAnswers) => Promise<string | null>;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The signed-in pages painted on the server before any script runs (docs/decisions/032), from the web build's
 * renderer (its own components, rendered with react-dom/server from the page's answers) and template. The renderer
 * is loaded again when a new build replaces it, as the HTML files are read per request. A build without a renderer,
 * a renderer that cannot be loaded and a page it fails to render are sent unpainted (logged): painting is never
 * what makes a page fail.
 */
export function paintedPages(webRoot: string, log: FastifyBaseLogger): PaintPage {
  const dir = path.join(webRoot, PAINTED_SERVER_DIR);
  const modulePath = path.join(dir, PAINTED_PAGES_MODULE);
  let loaded: { version: number; renderer: Promise<Renderer | null> } | null = null;

  const rendererNow = async (): Promise<Renderer | null> => {
    let version: number;
    try {
      version = (await fs.promises.stat(modulePath)).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.version !== version) {
      // The version in the URL: a rebuilt module is a new module to Node's loader.
      const renderer = import(`${pathToFileURL(modulePath).href}?v=${version}`).then(
        (module: Renderer) => module,
        (error: unknown) => {
          log.warn({ err: error, modulePath }, 'The painted pages could not be loaded');
          return null;
        },
      );
      loaded = { version, renderer };
    }
    return loaded.renderer;
  };

  // Loaded at start (a few hundred ms of import), not by the first signed-in page.
  void rendererNow();
  return async (pathname, answers) => {
    const renderer = await rendererNow();
    if (!renderer) return null;
    try {
      const page = renderer.renderPaintedPage(pathname, answers);
      if (!page) return null;
      const template = await fs.promises.readFile(path.join(dir, PAINTED_PAGE_TEMPLATE), 'utf8');
      // Replacer functions: a `$` in a name is not a replacement pattern.
      return template
        .replace(PAINTED_TITLE_SLOT, () => escapeHtml(page.title))
        .replace(PAINTED_MARKUP_SLOT, () => page.markup);
    } catch (error) {
      log.warn({ err: error, pathname }, 'A page could not be painted; it is sent unpainted');
      return null;
    }
  };
}
