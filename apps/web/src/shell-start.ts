/**
 * The only script of login.html, signup.html (docs/decisions/031) and the services list the server paints
 * (docs/decisions/032): the painted page works at once and keeps what it shows live (statuses, session counts), and the
 * app starts when the person begins to use it, when a painted service's status changes, or at once when the page
 * needs the app to show all of itself.
 */
import { PAGE_ANSWERS_ELEMENT_ID } from '@herald/contract/api/page-answers';
import { keepSessionsLive } from './lib/painted-page/start-script/shell-live-sessions';
import { watchPaintedStatuses } from './lib/painted-page/start-script/shell-status-watch';
import { STATIC_SHELL_ID } from './lib/painted-page/start-script/static-shell-id';
import {
  APP_ENTRY_ATTRIBUTE,
  isServerUnwell,
  markPresses,
  needsAppAtOnce,
  startApp,
  wakeOnInteraction,
} from './lib/painted-page/start-script/shell-wake';

const shell = document.getElementById(STATIC_SHELL_ID);
const entry = shell?.getAttribute(APP_ENTRY_ATTRIBUTE);
if (shell && entry) {
  const answers = document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  // Before the page becomes usable: the app finishes a press it interrupts by taking the page over.
  markPresses(shell);
  // What the painted page keeps live by itself until the app, which then asks for its own, starts.
  const stops: Array<() => void> = [];
  const wake = wakeOnInteraction(shell, () => {
    for (const stop of stops.splice(0)) stop();
    return startApp(entry);
  });
  stops.push(keepSessionsLive(shell));
  // Last: without EventSource it starts the app at once, which stops the above.
  stops.push(watchPaintedStatuses(answers, wake) ?? (() => {}));
  if (needsAppAtOnce(answers)) wake();
  // The app's start-up check of the server would toast a failure at once; a page waiting for the person asks the
  // same and starts the app when the server is unwell, so the toast still comes before anything is typed.
  else void isServerUnwell().then((isUnwell) => isUnwell && wake());
}
