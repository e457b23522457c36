import { MESSAGING_FAILURE_MESSAGES } from '@herald/contract/messaging/messaging-session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeConnector, fakeAccessToken } from '../../testing/fake-messaging-connector';
import { MessagingSessionManager, type MessagingMessage } from './session-manager';

const service = {
  serviceName: 'sensors',
  region: 'eu-west-1',
  heraldVersion: '6.11.0',
  endpoints: { websocketUrl: 'ws://sensors.eu-west-1.localhost:3000/mqtt' },
};

const START = Date.UTC(2026, 0, 1) / 1000;
const token = fakeAccessToken({ iat: START, exp: START + 900 });

function setup(
  options: { accessToken?: string | null; fetchAccessToken?: () => Promise<string | null> } = {},
) {
  const connector = createFakeConnector();
  const fetchAccessToken = vi.fn(options.fetchAccessToken ?? (async () => token));
  const manager = new MessagingSessionManager({
    service,
    connect: connector.connect,
    fetchAccessToken,
    accessToken: options.accessToken === undefined ? token : options.accessToken,
    now: () => Date.now(),
    clientId: 'herald-dashboard-test',
  });
  return { manager, connector, fetchAccessToken };
}

const message = (text: string) => new TextEncoder().encode(text);

beforeEach(() => {
  vi.useFakeTimers({ now: START * 1000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MessagingSessionManager', () => {
  it('connects to the service WebSocket URL with the access token', async () => {
    const { manager, connector } = setup();
    expect(manager.start()).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(connector.attempts).toHaveLength(1);
    expect(connector.last().options).toEqual({
      url: 'ws://sensors.eu-west-1.localhost:3000/mqtt',
      accessToken: token,
      clientId: 'herald-dashboard-test',
    });
    expect(manager.getSnapshot()).toEqual({ state: 'connecting', error: null });
    connector.last().handlers.onConnect();
    expect(manager.getSnapshot()).toEqual({ state: 'connected', error: null });
  });

  it('refuses to start without a token and opens nothing', async () => {
    const { manager, connector } = setup({ accessToken: null });
    expect(manager.start()).toEqual({ ok: false, message: 'No access token found' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connector.attempts).toHaveLength(0);
    expect(manager.getSnapshot()).toEqual({ state: 'failed', error: 'No access token found' });
  });

  it('refuses an unsupported service version', () => {
    const connector = createFakeConnector();
    const manager = new MessagingSessionManager({
      service: { ...service, heraldVersion: '6.5.2' },
      connect: connector.connect,
      fetchAccessToken: async () => token,
      accessToken: token,
    });
    expect(manager.start()).toEqual({ ok: false, message: 'Version 6.5.2 is not supported' });
    expect(connector.attempts).toHaveLength(0);
  });

  it('retries a failed attempt after exactly 1000 ms, one attempt at a time', async () => {
    const { manager, connector } = setup();
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(manager.start()).toEqual({ ok: false, message: 'A connection attempt is underway' });
    connector.last().handlers.onFailure('connect ECONNREFUSED');
    expect(manager.getSnapshot()).toEqual({ state: 'reconnecting', error: 'connect ECONNREFUSED' });
    await vi.advanceTimersByTimeAsync(999);
    expect(connector.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(connector.attempts).toHaveLength(2);
    // The failed attempt's late callbacks change nothing.
    connector.attempts[0]?.handlers.onConnect();
    expect(manager.getSnapshot().state).toBe('reconnecting');
    connector.last().handlers.onConnect();
    expect(manager.getSnapshot()).toEqual({ state: 'connected', error: null });
  });

  it('reconnects on an unrequested close and re-sends every subscription in one SUBSCRIBE', async () => {
    const { manager, connector } = setup();
    manager.subscribe('a/b', () => {});
    manager.subscribe('c/+', () => {});
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onConnect();
    expect(connector.last().subscribed).toEqual([['a/b', 'c/+']]);
    await vi.advanceTimersByTimeAsync(60_000);
    connector.last().handlers.onClose('The connection closed');
    expect(manager.getSnapshot()).toEqual({
      state: 'reconnecting',
      error: 'The connection closed',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(connector.attempts).toHaveLength(2);
    connector.last().handlers.onConnect();
    expect(connector.last().subscribed).toEqual([['a/b', 'c/+']]);
  });

  it('stops on a requested close: the connection ends and no retry follows', async () => {
    const { manager, connector } = setup();
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onFailure('down');
    manager.close();
    expect(manager.getSnapshot().state).toBe('closed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connector.attempts).toHaveLength(1);
    expect(connector.last().isEnded).toBe(true);
  });

  it('shares one SUBSCRIBE between listeners of a filter and unsubscribes when the last leaves', async () => {
    const { manager, connector } = setup();
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onConnect();
    const first: MessagingMessage[] = [];
    const second: MessagingMessage[] = [];
    const offFirst = manager.subscribe('sensors/a', (received) => first.push(received));
    const offSecond = manager.subscribe('sensors/a', (received) => second.push(received));
    expect(connector.last().subscribed).toEqual([['sensors/a']]);
    connector.last().handlers.onMessage('sensors/a', message('1'), true);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]).toMatchObject({
      topic: 'sensors/a',
      retained: true,
      receivedAt: START * 1000,
    });
    offFirst();
    expect(connector.last().unsubscribed).toEqual([]);
    offSecond();
    offSecond();
    expect(connector.last().unsubscribed).toEqual([['sensors/a']]);
    connector.last().handlers.onMessage('sensors/a', message('2'), false);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
  });

  it('delivers a message to the listeners of every wildcard filter it matches', async () => {
    const { manager, connector } = setup();
    const seen: string[] = [];
    manager.subscribe('sensors/#', (received) => seen.push(`# ${received.topic}`));
    manager.subscribe('sensors/+/temp', (received) => seen.push(`+ ${received.topic}`));
    manager.subscribe('other', (received) => seen.push(`other ${received.topic}`));
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onConnect();
    connector.last().handlers.onMessage('sensors/k1/temp', message('x'), false);
    expect(seen.sort()).toEqual(['# sensors/k1/temp', '+ sensors/k1/temp']);
  });

  it('fetches a fresh token at 80 % of its life without dropping the open connection, and reconnects with it', async () => {
    const fresh = fakeAccessToken({ iat: START + 720, exp: START + 1620 });
    const { manager, connector, fetchAccessToken } = setup({ fetchAccessToken: async () => fresh });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onConnect();
    await vi.advanceTimersByTimeAsync(719_999);
    expect(fetchAccessToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchAccessToken).toHaveBeenCalledOnce();
    expect(connector.last().isEnded).toBe(false);
    expect(manager.getSnapshot().state).toBe('connected');
    connector.last().handlers.onClose('The connection closed');
    await vi.advanceTimersByTimeAsync(0);
    expect(connector.attempts).toHaveLength(2);
    expect(connector.last().options.accessToken).toBe(fresh);
  });

  it('replaces a token about to expire before connecting', async () => {
    const expiring = fakeAccessToken({ iat: START - 890, exp: START + 10 });
    const { manager, connector, fetchAccessToken } = setup({ accessToken: expiring });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchAccessToken).toHaveBeenCalledOnce();
    expect(connector.last().options.accessToken).toBe(token);
  });

  it('retries a refused token once with a fresh one, then fails without retrying', async () => {
    const fresh = fakeAccessToken({ iat: START, exp: START + 900, sub: 'fresh' });
    const { manager, connector, fetchAccessToken } = setup({ fetchAccessToken: async () => fresh });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onRefused(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchAccessToken).toHaveBeenCalledOnce();
    expect(connector.attempts).toHaveLength(2);
    expect(connector.last().options.accessToken).toBe(fresh);
    connector.last().handlers.onRefused(5);
    expect(manager.getSnapshot()).toEqual({
      state: 'failed',
      error: MESSAGING_FAILURE_MESSAGES.notAuthorized,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connector.attempts).toHaveLength(2);
  });

  it('counts a failed token fetch as a failed attempt and retries after the delay', async () => {
    const { manager, connector } = setup({
      fetchAccessToken: async () => {
        throw new Error('Failed to fetch');
      },
    });
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onRefused(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(manager.getSnapshot()).toEqual({ state: 'reconnecting', error: 'Failed to fetch' });
    expect(connector.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connector.attempts).toHaveLength(2);
  });

  it('tells state listeners of every change', async () => {
    const { manager, connector } = setup();
    const states: string[] = [];
    manager.subscribeToState(() => states.push(manager.getSnapshot().state));
    manager.start();
    await vi.advanceTimersByTimeAsync(0);
    connector.last().handlers.onConnect();
    manager.close();
    expect(states).toEqual(['connecting', 'connected', 'closed']);
  });
});
