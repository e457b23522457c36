import { statusStreamUrl, type PageAnswers } from '@herald/contract/api/page-answers';
import { SERVICE_STATUS_EVENT } from '@herald/contract/services/service-status-stream';

/**
 * The painted services list's live status before the app has started (docs/decisions/032): the page the server
 * painted is right until a status changes, so the start script watches the workspace's status stream (the one the
 * app opens, spec'd in docs/decisions/016) and calls `onChange` — which starts the app, whose cards then show the
 * change — at the first change, when the stream fails (the app falls back to its poll), or when the statuses
 * asked once the stream is open differ from the painted ones (a change between the page's answers and the stream).
 * Returns the function that stops watching (the app opens its own stream), or null on a page without painted
 * statuses (login, sign-up), where nothing is watched.
 */
export function watchPaintedStatuses(
  answersJson: string | null | undefined,
  onChange: () => void,
  fetcher: typeof fetch = fetch,
): (() => void) | null {
  const painted = paintedStatuses(answersJson);
  if (painted === null) return null;
  // Without EventSource the app's poll is the only way to follow the statuses.
  if (typeof EventSource === 'undefined') {
    onChange();
    return () => {};
  }
  const source = new EventSource(statusStreamUrl(painted.workspaceId));
  let isWatching = true;
  const changed = () => {
    if (!isWatching) return;
    stop();
    onChange();
  };
  const stop = () => {
    isWatching = false;
    source.close();
  };
  source.addEventListener(SERVICE_STATUS_EVENT, changed);
  source.addEventListener('error', changed);
  source.addEventListener('open', () => {
    void fetcher(painted.url, { headers: { accept: 'application/json' } })
      .then(async (response) =>
        response.ok && JSON.stringify(await response.json()) === painted.body
          ? undefined
          : changed(),
      )
      .catch(changed);
  });
  return stop;
}

/** The statuses the page was painted with: the workspace, the URL they were asked at and their JSON text. */
function paintedStatuses(
  answersJson: string | null | undefined,
): { workspaceId: string; url: string; body: string } | null {
  try {
    const { answers } = JSON.parse(answersJson ?? '') as PageAnswers;
    const statuses = answers.find((answer) => answer.id === 'listWorkspaceServiceStatuses');
    const workspaceId = statuses?.params['workspaceId'];
    if (statuses?.status !== 200 || workspaceId === undefined) return null;
    return { workspaceId, url: statuses.url, body: JSON.stringify(statuses.body) };
  } catch {
    return null;
  }
}
