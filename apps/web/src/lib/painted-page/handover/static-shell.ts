import { useEffect, useLayoutEffect, useRef } from 'react';
import { finishPressesAcrossHandover } from './press-across-handover';
import { PENDING_CLICK_ATTRIBUTE, PENDING_SUBMIT_ATTRIBUTE } from '../start-script/shell-wake';
import { STATIC_SHELL_ID } from '../start-script/static-shell-id';

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

/** What the app's page does in place of the painted one (docs/decisions/032). */
interface Handover {
  scroll: { x: number; y: number };
  /** The painted element that had the focus, and the button pressed before the app started. */
  focused: Element | null;
  pressed: Element | null;
  shell: HTMLElement;
}

const CONTROLS = 'a[href], button, input, select, textarea';

/** What makes a control the same control on both pages: a link's target, any other control's kind and text. */
function identityOf(element: Element): string {
  return element.tagName === 'A'
    ? `A ${element.getAttribute('href')}`
    : `${element.tagName} ${element.textContent}`;
}

/**
 * The app's control in the place of a painted one: the same link, or the same kind of control with the same text,
 * counted among its likes in document order. The app renders the same page from the same answers; what only the
 * app adds (a flag's link, a live count) does not shift the count, and a control the app does not show is not
 * replaced by another.
 */
export function counterpartOf(element: Element, shell: Element, root: Element): HTMLElement | null {
  const identity = identityOf(element);
  const likes = (container: Element) =>
    [...container.querySelectorAll<HTMLElement>(CONTROLS)].filter(
      (control) => identityOf(control) === identity,
    );
  const index = likes(shell).indexOf(element as HTMLElement);
  return index < 0 ? null : (likes(root)[index] ?? null);
}

/**
 * Rendered beside the first real page: removes the painted page, and the app's page carries on from where the person
 * was in it — the scroll position, the focused control, a button pressed before the app had started and a press
 * still held down (lib/painted-page/handover/press-across-handover.ts).
 */
export function StaticShellRemover() {
  const handover = useRef<Handover | null>(null);
  useLayoutEffect(() => {
    const shell = document.getElementById(STATIC_SHELL_ID);
    if (!shell) return;
    const active = document.activeElement;
    handover.current = {
      scroll: { x: window.scrollX, y: window.scrollY },
      focused: active && shell.contains(active) ? active : null,
      pressed: shell.querySelector(`[${PENDING_CLICK_ATTRIBUTE}]`),
      shell,
    };
    shell.remove();
    // Here, not in the effect below, which may run after the browser has painted: the press may end in between.
    finishPressesAcrossHandover(shell, (pressed) => {
      const control = pressed.closest(CONTROLS);
      return control && counterpartOf(control, shell, document.body);
    });
  }, []);
  // After every layout effect of the first render (the router's scroll restoration among them).
  useEffect(() => {
    const taken = handover.current;
    // The app's page, now that the painted one is gone (it came first in the body, before the app's root).
    const root = document.body;
    if (!taken) return;
    handover.current = null;
    if (taken.scroll.x !== 0 || taken.scroll.y !== 0)
      window.scrollTo(taken.scroll.x, taken.scroll.y);
    // A form the app took over has placed the focus already (use-static-shell-form.ts).
    const hasFocus = document.activeElement !== null && document.activeElement !== document.body;
    if (taken.focused && !hasFocus) {
      counterpartOf(taken.focused, taken.shell, root)?.focus({ preventScroll: true });
    }
    if (taken.pressed) counterpartOf(taken.pressed, taken.shell, root)?.click();
  }, []);
  return null;
}

/** What a person did in a painted form before the app took it over (docs/decisions/031). */
export interface StaticShellForm {
  /** The value of each named field of the form. */
  values: Record<string, string>;
  /** The name of the field that has the focus, if any. */
  focused: string | null;
  /** Whether the form was sent before the app started (start-script/shell-wake.ts holds the submit). */
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
