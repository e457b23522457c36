import { routes } from '@herald/contract/api/routes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, streamsTo } from '../../../testing/fake-event-source';
import { buildService } from '../testing/fixtures';
import { renderServices } from '../testing/render-services';

const SLOW_TEST_MS = 15_000;
const STREAM_PATH = '/v3/workspace/ws-1/services/events';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(streamsTo(STREAM_PATH)).toHaveLength(1));
  const source = streamsTo(STREAM_PATH)[0]!;
  act(() => source.open());
  return source;
}

const card = (name: RegExp) => within(screen.getByRole('link', { name }));

describe('the services list with the live status stream', { timeout: SLOW_TEST_MS }, () => {
  it('shows a pushed status change on the card at once, without waiting for the 10 s poll', async () => {
    const starting = buildService({
      serviceId: 'svc-1',
      serviceName: 'calm-heron',
      status: 'POD_PENDING',
    });
    await renderServices({ services: [starting] });
    await screen.findByRole('link', { name: /calm-heron/ });
    const badge = await card(/calm-heron/).findByText('Starting');
    // The wire value is kept for support, in the badge's hint.
    expect(badge.closest('[data-status]')).toHaveAttribute(
      'title',
      expect.stringContaining('POD_PENDING'),
    );

    const source = await openStream();
    act(() => source.emit('status', { serviceId: 'svc-1', status: 'RUNNING', mqttPort: 21883 }));
    // findBy waits at most 1 s: far less than the poll's 10 s.
    expect(await card(/calm-heron/).findByText('Running')).toBeInTheDocument();
    expect(card(/calm-heron/).queryByText('Starting')).not.toBeInTheDocument();
  });

  it('stops the status poll while the stream is open and brings it back, quietly, while it is down', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
      shouldAdvanceTime: true,
    });
    const { api } = await renderServices({
      services: [
        buildService({ serviceId: 'svc-1', serviceName: 'calm-heron', status: 'POD_PENDING' }),
      ],
    });
    await screen.findByRole('link', { name: /calm-heron/ });
    await card(/calm-heron/).findByText('Starting');
    const source = await openStream();
    // Opening resyncs once (what changed before the stream opened is fetched).
    await waitFor(() => expect(api.requestsTo(routes.listWorkspaceServiceStatuses).length).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(api.requestsTo(routes.listWorkspaceServiceStatuses)).toHaveLength(2);

    // A brief drop: the browser reconnects by itself; meanwhile the poll is back and nothing alarming shows.
    act(() => source.fail());
    await waitFor(() =>
      expect(api.requestsTo(routes.listWorkspaceServiceStatuses)).toHaveLength(3),
    );
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    expect(api.requestsTo(routes.listWorkspaceServiceStatuses)).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(card(/calm-heron/).getByText('Starting')).toBeInTheDocument();
  });

  it('tries a refused stream again later instead of giving up', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
      shouldAdvanceTime: true,
    });
    await renderServices({ services: [buildService({ serviceId: 'svc-1' })] });
    const first = await openStream();
    // A 429 or a restarting server: the browser closes the EventSource for good.
    act(() => first.fail(true));
    expect(streamsTo(STREAM_PATH)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    await waitFor(() => expect(streamsTo(STREAM_PATH)).toHaveLength(1));
  });
});
