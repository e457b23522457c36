import { useLayoutEffect } from 'react';

/**
 * The page painted from the HTML before any script runs (index.html's shells, docs/decisions/017): the login and
 * sign-up pages rendered at build time, or the signed-in frame in outline. It is inert (nothing can be typed or
 * sent) and stays until the app has a page of its own to show, so a person never sees it give way to a spinner.
 * Must match STATIC_SHELL_ID of vite-static-shells.ts.
 */
export const STATIC_SHELL_ID = 'static-shell';

export function isStaticShellShown(): boolean {
  return typeof document !== 'undefined' && document.getElementById(STATIC_SHELL_ID) !== null;
}

export function removeStaticShell(): void {
  document.getElementById(STATIC_SHELL_ID)?.remove();
}

/**
 * Removes the shell in the same commit as the page that replaces it (a layout effect runs before the browser
 * paints), so the two never show together and nothing moves.
 */
export function useRemoveStaticShell(): void {
  useLayoutEffect(removeStaticShell, []);
}

/** Rendered beside the first real page. */
export function StaticShellRemover() {
  useRemoveStaticShell();
  return null;
}
