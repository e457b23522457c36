import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_METRICS_POLL_MS } from '@herald/contract/constants';
import { jsonResponse } from '../../../testing/fetch-mock';
import { keepSessionsLive, LIVE_SESSIONS_ATTRIBUTE } from './shell-live-sessions';

function paintCards(): HTMLElement {
  document.body.innerHTML =
    `<div id="static-shell"><p ${LIVE_SESSIONS_ATTRIBUTE}="svc-1">…</p>` +
    `<p ${LIVE_SESSIONS_ATTRIBUTE}="svc-2">…</p><p id="stopped">—</p></div>`;
  return document.getElementById('static-shell')!;
}

const countOf = (serviceId: string) =>
  document.querySelector(`[${LIVE_SESSIONS_ATTRIBUTE}="${serviceId}"]`)?.textContent;

describe("the painted services list's session counts before the app starts", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('asks each running service at once and as often as the cards do, until stopped', async () => {
    vi.useFakeTimers();
    let sessions = 1234;
    const fetcher = vi.fn(async (url: string | URL | Request) =>
      String(url).includes('/svc-1/')
        ? jsonResponse(200, { sessions, topics: 1, topicsCapacity: 10 })
        : jsonResponse(503, { message: 'runtime away' }),
    );
    const stop = keepSessionsLive(paintCards(), fetcher as typeof fetch);
    expect(fetcher).toHaveBeenCalledWith('/v3/service/svc-1/metrics/live', expect.anything());
    await vi.waitFor(() => expect(countOf('svc-1')).toBe('1,234'));
    // A count that cannot be read shows the dash the app's card shows.
    expect(countOf('svc-2')).toBe('—');
    expect(document.getElementById('stopped')?.textContent).toBe('—');

    sessions = 7;
    await vi.advanceTimersByTimeAsync(LIVE_METRICS_POLL_MS);
    expect(countOf('svc-1')).toBe('7');
    stop();
    sessions = 9;
    await vi.advanceTimersByTimeAsync(LIVE_METRICS_POLL_MS * 2);
    expect(countOf('svc-1')).toBe('7');
    expect(fetcher).toHaveBeenCalledTimes(4);
  });

  it('asks nothing on a page without counts', () => {
    document.body.innerHTML = '<div id="static-shell"><form></form></div>';
    const fetcher = vi.fn();
    keepSessionsLive(document.body, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
