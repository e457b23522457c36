import type { PageAnswers } from '@herald/contract/api/page-answers';

/**
 * The login and sign-up pages painted from the HTML start the app when the person begins to use them, not at load
 * (docs/decisions/031), and so does a signed-in services list the server painted (docs/decisions/032). This module
 * is the small script those pages run instead of the app:
 * it makes the painted form usable, and on the first pointer, key or focus inside it (or a submit) adds the app's entry script.
 * The app then takes the form over with what was typed (handover/static-shell.ts `takeStaticShellForm`).
 * It imports no runtime code: it must stay a few hundred bytes (scripts/check-bundle-budget.mjs).
 */

/** Set on the painted form when it was sent before the app had started: the app sends it once it takes over. */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-pending-submit';
/** Set on a button pressed before the app had started: the app presses its own once it takes over. */
export const PENDING_CLICK_ATTRIBUTE = 'data-pending-click';
/**
 * Set on the painted element a pointer went down on, to the pointer's id, until that pointer is released. If the app
 * replaces the painted page meanwhile, the browser clicks nothing (a click needs the press to go down and up on the
 * same element), so the app finishes the press on its own control (lib/painted-page/handover/press-across-handover.ts).
 */
export const PRESSED_ATTRIBUTE = 'data-pressed';
/** Where the static-shells build step writes the app's entry script on the painted page. */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

// A pointer moving over the page starts the app too: on a desktop it is then running before the first click.
const WAKE_EVENTS = [
  'pointerdown',
  'pointermove',
  'wheel',
  'keydown',
  'focusin',
  'touchstart',
] as const;

/**
 * Whether the app must start at once rather than on interaction: the login page shows more than the painted form
 * when the operator configured social or single sign-on connections (or their answer failed), and only the app
 * draws those. Reads the answers the server embedded in the page (docs/decisions/029); a page whose answers hold
 * no connections call (sign-up) has nothing of that kind, and a page without readable answers starts at once.
 */
export function needsAppAtOnce(answersJson: string | null | undefined): boolean {
  if (!answersJson) return true;
  try {
    const { answers } = JSON.parse(answersJson) as PageAnswers;
    if (!Array.isArray(answers)) return true;
    const connections = answers.find((answer) => answer.id === 'listConnections');
    if (connections === undefined) return false;
    if (connections.status !== 200) return true;
    const list = (connections.body as { connections?: unknown } | undefined)?.connections;
    return !Array.isArray(list) || list.length > 0;
  } catch {
    return true;
  }
}

/** The path of the health route (contract routes/health.ts; not imported, so its schemas stay out of this script). */
export const HEALTH_PATH = '/v3/health';

/**
 * Whether the server is unwell, asked as the app asks it at start (its server status check, spec section 8): a
 * failing answer or none means the app must start at once, to tell the person before they type in vain.
 */
export async function isServerUnwell(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(HEALTH_PATH, { headers: { accept: 'application/json' } });
    return !response.ok;
  } catch {
    return true;
  }
}

/**
 * Makes `shell` usable and calls `start` once: at the first interaction inside it, or when one of its forms is
 * submitted (the submit is held, marked with PENDING_SUBMIT_ATTRIBUTE and its button marked busy, so nothing is
 * sent as a plain form — a GET would put the password in the address). Returns the function that starts it at once.
 */
export function wakeOnInteraction(
  shell: HTMLElement,
  start: () => Promise<void> | void,
): () => void {
  let isStarted = false;
  const arm = () => {
    for (const type of WAKE_EVENTS)
      shell.addEventListener(type, wake, { capture: true, passive: true });
  };
  const wake = () => {
    if (isStarted) return;
    isStarted = true;
    for (const type of WAKE_EVENTS) shell.removeEventListener(type, wake, true);
    // The app's script did not load (network): the next interaction tries again, and a held submit is let go, so
    // the button does not stay busy for ever.
    void Promise.resolve(start()).catch(() => {
      isStarted = false;
      for (const form of shell.querySelectorAll(`form[${PENDING_SUBMIT_ATTRIBUTE}]`)) {
        form.removeAttribute(PENDING_SUBMIT_ATTRIBUTE);
      }
      for (const held of shell.querySelectorAll(`[${PENDING_CLICK_ATTRIBUTE}]`)) {
        held.removeAttribute(PENDING_CLICK_ATTRIBUTE);
      }
      for (const button of shell.querySelectorAll('[aria-busy="true"]')) {
        button.removeAttribute('aria-busy');
      }
      arm();
    });
  };
  const hold = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    form.setAttribute(PENDING_SUBMIT_ATTRIBUTE, 'true');
    for (const button of form.querySelectorAll('button[type="submit"]')) {
      button.setAttribute('aria-busy', 'true');
    }
    wake();
  };
  // A button pressed before the app: it does nothing in the painted page (its handler is the app's), so the press
  // is held and the app presses the same button once it has taken over (handover/static-shell.ts). Links are real
  // links and work as they are; a form's submit button is held as the submit.
  const holdClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest('button');
    if (!button || button.type === 'submit') return;
    event.preventDefault();
    for (const held of shell.querySelectorAll(`[${PENDING_CLICK_ATTRIBUTE}]`)) {
      held.removeAttribute(PENDING_CLICK_ATTRIBUTE);
    }
    button.setAttribute(PENDING_CLICK_ATTRIBUTE, 'true');
    button.setAttribute('aria-busy', 'true');
    wake();
  };
  arm();
  shell.addEventListener('submit', hold, true);
  shell.addEventListener('click', holdClick, true);
  // Last, so no input can reach the form before the submit is held.
  shell.inert = false;
  return wake;
}

/**
 * Marks each press on `shell` that is still down (PRESSED_ATTRIBUTE), for the app to finish if it takes the page over
 * before the release (docs/decisions/031, "A press held across the handover").
 */
export function markPresses(shell: HTMLElement): void {
  const unmark = (event: PointerEvent) =>
    shell
      .querySelector(`[${PRESSED_ATTRIBUTE}="${event.pointerId}"]`)
      ?.removeAttribute(PRESSED_ATTRIBUTE);
  shell.addEventListener(
    'pointerdown',
    (event) => (event.target as Element).setAttribute(PRESSED_ATTRIBUTE, `${event.pointerId}`),
    true,
  );
  // On the document: a press may end outside the painted page.
  document.addEventListener('pointerup', unmark, true);
  document.addEventListener('pointercancel', unmark, true);
}

/**
 * Adds the app's entry script (a module, as index.html has it; `script-src 'self'` allows it). Settles when it has
 * loaded; a script that could not be loaded is taken out again, so a retry adds a fresh one.
 */
export function startApp(entry: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        reject(new Error(`could not load ${entry}`));
      },
      { once: true },
    );
    document.head.append(script);
  });
}
