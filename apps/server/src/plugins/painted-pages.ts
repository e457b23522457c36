import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  PAINTED_MARKUP_SLOT,
  PAINTED_PAGES_MODULE,
  PAINTED_PAGE_TEMPLATE,
  PAINTED_SERVER_DIR,
  PAINTED_TITLE_SLOT,
} from '@herald/contract/api/painted-page';
import type { PageAnswers } from '@herald/contract/api/page-answers';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../lib/escape-html';

/** What the web build's renderer gives (apps/web/src/prerender/painted-pages.tsx). */
interface PaintedPage {
  title: string;
  markup: string;
}

/** How long after the server's start the render thread is started and loads the renderer. */
const WARM_AFTER_MS = 1_000;

/** A render that takes longer is abandoned (the page goes out unpainted) and its worker replaced. */
export const PAINT_TIMEOUT_MS = 2_000;

/**
 * The renderer's thread: it loads the web build's module (plain JavaScript, so without the server's TypeScript
 * loader: `execArgv: []`) and renders one page per message. A new module version (a new build) is loaded when asked.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
let loaded = { url: '', renderer: null };
parentPort.on('message', async ({ id, moduleUrl, pathname, answers }) => {
  try {
    if (loaded.url !== moduleUrl) loaded = { url: moduleUrl, renderer: await import(moduleUrl) };
    parentPort.postMessage({ id, page: loaded.renderer.renderPaintedPage(pathname, answers) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

type Settle = (result: { page?: PaintedPage | null; error?: string }) => void;

/** One worker thread rendering pages in turn; replaced when it dies or a render runs past PAINT_TIMEOUT_MS. */
class RenderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Settle>();
  private nextId = 0;

  render(moduleUrl: string, pathname: string, answers: PageAnswers): Promise<PaintedPage | null> {
    const worker = this.current();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // A render that does not end holds the thread: it is replaced, and what waited on it goes out unpainted.
        if (this.worker === worker) this.stop(`a render took over ${PAINT_TIMEOUT_MS} ms`);
      }, PAINT_TIMEOUT_MS);
      this.pending.set(id, ({ page, error }) => {
        clearTimeout(timer);
        if (error !== undefined) reject(new Error(error));
        else resolve(page ?? null);
      });
      worker.postMessage({ id, moduleUrl, pathname, answers });
    });
  }

  /** Ends the thread; every render waiting on it fails (its page goes out unpainted). */
  stop(reason = 'the server is closing'): void {
    const worker = this.worker;
    this.worker = null;
    for (const settle of this.pending.values()) settle({ error: reason });
    this.pending.clear();
    void worker?.terminate();
  }

  private current(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
    // Never what keeps the process alive: the server's close ends it, and a shutdown does not wait for it.
    worker.unref();
    worker.on(
      'message',
      ({ id, ...result }: { id: number; page?: PaintedPage | null; error?: string }) => {
        const settle = this.pending.get(id);
        this.pending.delete(id);
        settle?.(result);
      },
    );
    const gone = (reason: string) => {
      if (this.worker === worker) this.stop(reason);
    };
    worker.on('error', (error) => gone(String(error)));
    worker.on('exit', (code) => gone(`the render thread exited with ${code}`));
    this.worker = worker;
    return worker;
  }
}

/** The HTML of a painted page, or null to send the page unpainted. */
export interface PaintedPages {
  paint(pathname: string, answers: PageAnswers): Promise<string | null>;
  close(): void;
}

/**
 * The signed-in pages painted on the server before any script runs (docs/decisions/032), from the web build's
 * renderer (its own components, rendered with react-dom/server from the page's answers) and template. The render
 * runs on a thread of its own, so the server's event loop goes on serving other requests meanwhile (~15–30 ms a
 * page); a new build's renderer is loaded when it replaces the old one, as the HTML files are read per request. A
 * build without a renderer, one that cannot be loaded and a page it fails or takes too long to render are sent
 * unpainted (logged): painting is never what makes a page fail.
 */
export function paintedPages(webRoot: string, log: FastifyBaseLogger): PaintedPages {
  const dir = path.join(webRoot, PAINTED_SERVER_DIR);
  const modulePath = path.join(dir, PAINTED_PAGES_MODULE);
  const thread = new RenderThread();
  let isClosed = false;
  const moduleUrlNow = async (): Promise<string | null> => {
    try {
      // The version in the URL: a rebuilt module is a new module to the thread's loader.
      const version = (await fs.promises.stat(modulePath)).mtimeMs;
      return `${pathToFileURL(modulePath).href}?v=${version}`;
    } catch {
      return null;
    }
  };
  // The thread starts and loads the renderer soon after the server, not with the first signed-in page (a page that
  // is not the services list renders nothing); a server closed before then (a test) never starts it.
  const warm = setTimeout(() => {
    void moduleUrlNow().then(async (moduleUrl) => {
      if (moduleUrl !== null)
        await thread.render(moduleUrl, '/', { answers: [] }).catch(() => null);
    });
  }, WARM_AFTER_MS);
  warm.unref();

  return {
    async paint(pathname, answers) {
      const moduleUrl = await moduleUrlNow();
      // A page asked while the server closes goes out unpainted rather than start a new thread.
      if (moduleUrl === null || isClosed) return null;
      try {
        const [page, template] = await Promise.all([
          thread.render(moduleUrl, pathname, answers),
          fs.promises.readFile(path.join(dir, PAINTED_PAGE_TEMPLATE), 'utf8'),
        ]);
        if (!page) return null;
        // Replacer functions: a `$` in a name is not a replacement pattern.
        return template
          .replace(PAINTED_TITLE_SLOT, () => escapeHtml(page.title))
          .replace(PAINTED_MARKUP_SLOT, () => page.markup);
      } catch (error) {
        log.warn({ err: error, pathname }, 'A page could not be painted; it is sent unpainted');
        return null;
      }
    },
    close: () => {
      isClosed = true;
      clearTimeout(warm);
      thread.stop();
    },
  };
}
