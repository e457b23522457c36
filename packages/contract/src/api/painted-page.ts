/**
 * The signed-in pages the server paints before any script runs (docs/decisions/032): where the web build leaves the
 * server its renderer and template, and the slots the server fills. apps/web/vite-static-shells.ts writes them (it
 * cannot import this file: Vite loads its config with plain Node); a web test checks that both say the same.
 */

/** The server-side build, inside the web build; the server never serves a dot-directory. */
export const PAINTED_SERVER_DIR = '.server';
/** The module exporting `renderPaintedPage(pathname, answers)` (apps/web/src/prerender/painted-pages.tsx). */
export const PAINTED_PAGES_MODULE = 'painted-pages.js';
/** index.html made a painted page whose app starts on interaction, with the two slots below. */
export const PAINTED_PAGE_TEMPLATE = 'painted-page.html';
export const PAINTED_TITLE_SLOT = '%PAINTED_TITLE%';
export const PAINTED_MARKUP_SLOT = '%PAINTED_MARKUP%';
