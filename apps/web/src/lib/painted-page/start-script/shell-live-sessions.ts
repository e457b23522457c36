import { liveMetricsUrl } from '@herald/contract/api/page-answers';
import { LIVE_METRICS_POLL_MS } from '@herald/contract/constants';
import { sessionsText } from '@herald/contract/services/service-display';

/** Set by a service card on the session count of a RUNNING service: the service's id. */
export const LIVE_SESSIONS_ATTRIBUTE = 'data-live-sessions';

/**
 * The painted services list's session counts before the app has started (docs/decisions/032): the server paints
 * them unread ('…'), so the start script asks each running service's live metrics at once and then as often as
 * the app's cards do, writing the text the cards would show. Returns the function that stops it (the app's cards
 * ask for themselves).
 */
export function keepSessionsLive(
  shell: ParentNode,
  fetcher: typeof fetch = fetch,
  win: Pick<Window, 'setInterval' | 'clearInterval'> = window,
): () => void {
  const counts = [...shell.querySelectorAll<HTMLElement>(`[${LIVE_SESSIONS_ATTRIBUTE}]`)];
  if (counts.length === 0) return () => {};
  const read = () => {
    for (const count of counts) {
      const serviceId = count.getAttribute(LIVE_SESSIONS_ATTRIBUTE) ?? '';
      void fetcher(liveMetricsUrl(serviceId), { headers: { accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          const { sessions } = (await response.json()) as { sessions?: unknown };
          return typeof sessions === 'number' ? sessions : null;
        })
        .catch(() => null)
        .then((sessions) => {
          count.textContent = sessionsText(true, sessions);
        });
    }
  };
  read();
  const timer = win.setInterval(read, LIVE_METRICS_POLL_MS);
  return () => win.clearInterval(timer);
}
