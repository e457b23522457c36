import {
  serializePageAnswers,
  signedInPageCalls,
  statusStreamUrl,
  USER_CALL,
  type PageAnswer,
} from '@herald/contract/api/page-answers';
import { SERVICE_STATUS_EVENT } from '@herald/contract/services/service-status-stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, streamsTo } from '../../../testing/fake-event-source';
import { jsonResponse } from '../../../testing/fetch-mock';
import { watchPaintedStatuses } from './shell-status-watch';

const STATUSES = [{ serviceId: 'svc-1', servicename: 'brave-otter', status: 'RUNNING' }];
const STREAM = statusStreamUrl('ws-1');

/** The answers of the painted services list of ws-1 (only the statuses matter here). */
function paintedAnswers(statuses: unknown = STATUSES): string {
  const answers: PageAnswer[] = [USER_CALL, ...signedInPageCalls('/workspace/ws-1')].map(
    (call) => ({
      ...call,
      status: 200,
      body: call.id === 'listWorkspaceServiceStatuses' ? statuses : {},
    }),
  );
  return serializePageAnswers({ answers });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the painted services list's statuses before the app starts", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('watches the workspace stream and starts the app at the first change, once', () => {
    const onChange = vi.fn();
    watchPaintedStatuses(paintedAnswers(), onChange, vi.fn());
    const [stream] = streamsTo(STREAM);
    expect(stream).toBeDefined();
    expect(onChange).not.toHaveBeenCalled();
    stream!.emit(SERVICE_STATUS_EVENT, { serviceId: 'svc-1', status: 'ERROR', mqttPort: 1883 });
    expect(onChange).toHaveBeenCalledTimes(1);
    // The app opens its own stream.
    expect(streamsTo(STREAM)).toEqual([]);
    stream!.emit(SERVICE_STATUS_EVENT, { serviceId: 'svc-1', status: 'RUNNING', mqttPort: 1883 });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('asks the statuses once the stream is open and starts the app only if they changed meanwhile', async () => {
    const unchanged = vi.fn(async () => jsonResponse(200, STATUSES));
    const onChange = vi.fn();
    watchPaintedStatuses(paintedAnswers(), onChange, unchanged);
    streamsTo(STREAM)[0]!.open();
    await flush();
    expect(unchanged).toHaveBeenCalledWith(`/v3/workspace/ws-1/services/status`, expect.anything());
    expect(onChange).not.toHaveBeenCalled();

    const changed = vi.fn(async () =>
      jsonResponse(200, [{ ...STATUSES[0], status: 'POD_RESTARTING' }]),
    );
    watchPaintedStatuses(paintedAnswers(), onChange, changed);
    FakeEventSource.instances.at(-1)!.open();
    await flush();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the stream fails', (stream: FakeEventSource) => stream.fail()],
    [
      'the statuses cannot be asked',
      (stream: FakeEventSource) => stream.open(),
      async () => jsonResponse(503, {}),
    ],
  ])('starts the app when %s (the app then polls)', async (_case, act, fetcher = vi.fn()) => {
    const onChange = vi.fn();
    watchPaintedStatuses(paintedAnswers(), onChange, fetcher);
    act(streamsTo(STREAM)[0]!);
    await flush();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('stops watching when told (the app started for another reason)', () => {
    const onChange = vi.fn();
    const stop = watchPaintedStatuses(paintedAnswers(), onChange, vi.fn());
    stop?.();
    expect(streamsTo(STREAM)).toEqual([]);
  });

  it.each([
    ['the login page', serializePageAnswers({ answers: [{ ...USER_CALL, status: 401 }] })],
    ['no answers', null],
    ['unreadable answers', '{'],
  ])('watches nothing on %s', (_case, answers) => {
    expect(watchPaintedStatuses(answers, vi.fn(), vi.fn())).toBeNull();
    expect(FakeEventSource.instances).toEqual([]);
  });

  it('starts the app at once in a browser without EventSource (its poll follows the statuses)', () => {
    vi.stubGlobal('EventSource', undefined);
    const onChange = vi.fn();
    expect(watchPaintedStatuses(paintedAnswers(), onChange, vi.fn())).not.toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
