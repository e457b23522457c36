import { PRESSED_ATTRIBUTE } from '../start-script/shell-wake';

/**
 * How long the browser's own click of a press finished here is waited for, to be dropped: Chromium clicks the app's
 * control itself after a tap (it makes a tap's mouse events at the release, on what is under the finger then), just
 * after the release. The next press or key ends the wait sooner: its click is the person's own.
 */
export const BROWSER_CLICK_WAIT_MS = 1_000;

/**
 * Finishes on the app's page the presses that went down on the painted page and were still down when the app
 * removed it (docs/decisions/031, "A press held across the handover"). The browser clicks only an element a press
 * went down and up on, and the app's page replaced it: a mouse press on the painted "Log in" released on the app's
 * sent nothing. Released over the painted control's counterpart, with the main button, the counterpart is clicked,
 * once; released elsewhere or cancelled, nothing is, as with any button.
 *
 * Call it when the painted page has just been removed (`shell`, which still holds shell-wake's marks).
 * `counterpartOf` finds the app's control in place of the painted element pressed, when the press is released.
 */
export function finishPressesAcrossHandover(
  shell: Element,
  counterpartOf: (pressed: Element) => HTMLElement | null,
  view: Window = window,
): void {
  for (const pressed of shell.querySelectorAll(`[${PRESSED_ATTRIBUTE}]`)) {
    const pointerId = Number(pressed.getAttribute(PRESSED_ATTRIBUTE));
    const handleEnd = (event: PointerEvent) => {
      if (event.pointerId !== pointerId) return;
      view.removeEventListener('pointerup', handleEnd, true);
      view.removeEventListener('pointercancel', handleEnd, true);
      if (event.type !== 'pointerup' || event.button !== 0) return;
      // Found at the release, not before: the app's page may have rendered again since it took over.
      const counterpart = counterpartOf(pressed);
      if (!counterpart?.contains(event.target as Node | null)) return;
      counterpart.click();
      dropBrowserClick(counterpart, view);
    };
    view.addEventListener('pointerup', handleEnd, true);
    view.addEventListener('pointercancel', handleEnd, true);
  }
}

/** Stops the browser's own click of a press already finished on `control`, so the press acts once. */
function dropBrowserClick(control: HTMLElement, view: Window): void {
  let timer = 0;
  const stop = () => {
    view.clearTimeout(timer);
    view.removeEventListener('click', handleClick, true);
    view.removeEventListener('pointerdown', stop, true);
    view.removeEventListener('keydown', stop, true);
  };
  const handleClick = (event: MouseEvent) => {
    if (!control.contains(event.target as Node | null)) return;
    // Neither the control's default action (a form's submit) nor the app's handlers.
    event.preventDefault();
    event.stopImmediatePropagation();
    stop();
  };
  view.addEventListener('click', handleClick, true);
  view.addEventListener('pointerdown', stop, true);
  view.addEventListener('keydown', stop, true);
  timer = view.setTimeout(stop, BROWSER_CLICK_WAIT_MS);
}
