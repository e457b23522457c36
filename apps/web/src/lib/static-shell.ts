import { useLayoutEffect } from 'react';
import { PENDING_SUBMIT_ATTRIBUTE } from './shell-wake';
import { STATIC_SHELL_ID } from './static-shell-id';

export { STATIC_SHELL_ID };

/**
 * The page painted from the HTML before any script runs (index.html's shells, docs/decisions/017): the login and
 * sign-up pages rendered at build time, or the signed-in frame in outline. It is inert (nothing can be typed or
 * sent) and stays until the app has a page of its own to show, so a person never sees it give way to a spinner.
 * STATIC_SHELL_ID must match that of vite-static-shells.ts.
 */

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

/** What a person did in a painted form before the app took it over (docs/decisions/031). */
export interface StaticShellForm {
  /** The value of each named field of the form. */
  values: Record<string, string>;
  /** The name of the field that has the focus, if any. */
  focused: string | null;
  /** Whether the form was sent before the app started (lib/shell-wake.ts holds the submit). */
  isSubmitted: boolean;
}

/**
 * Reads the first form of the painted page, if it is still shown: for the app's own form to start from what was
 * typed into it. Call it before the painted page is removed (a layout effect of the page: StaticShellRemover
 * comes after the page in the onboarding gate, so the page's layout effects run first).
 */
export function takeStaticShellForm(): StaticShellForm | null {
  const form = document.getElementById(STATIC_SHELL_ID)?.querySelector('form');
  if (!form) return null;
  const values: Record<string, string> = {};
  for (const field of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    values[field.name] = field.value;
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : '';
  return {
    values,
    focused: focused === '' ? null : focused,
    isSubmitted: form.hasAttribute(PENDING_SUBMIT_ATTRIBUTE),
  };
}
