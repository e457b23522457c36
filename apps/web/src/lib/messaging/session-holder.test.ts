import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeConnector, fakeAccessToken } from '../../testing/fake-messaging-connector';
import { MessagingSessionHolder } from './session-holder';

const service = {
  serviceName: 'sensors',
  region: 'eu-west-1',
  heraldVersion: '6.11.0',
  endpoints: { websocketUrl: 'ws://sensors.eu-west-1.localhost:3000/mqtt' },
};
const START = Date.UTC(2026, 0, 1) / 1000;
const token = fakeAccessToken({ iat: START, exp: START + 900 });

function setup(fetchAccessToken: () => Promise<string | null>) {
  const connector = createFakeConnector();
  const fetch = vi.fn(fetchAccessToken);
  const holder = new MessagingSessionHolder({
    service,
    connect: connector.connect,
    fetchAccessToken: fetch,
    accessToken: null,
    clientId: 'herald-dashboard-test',
  });
  return { holder, connector, fetch };
}

beforeEach(() => vi.useFakeTimers({ now: START * 1000 }));
afterEach(() => vi.useRealTimers());

describe('MessagingSessionHolder without a token yet (the page carried the user without it)', () => {
  it('asks for a token once, then opens the session with it', async () => {
    const { holder, connector, fetch } = setup(async () => token);
    holder.retain();
    holder.setServiceRunning(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(connector.attempts).toHaveLength(1);
    expect(connector.last().options.accessToken).toBe(token);
    expect(holder.session.getSnapshot()).toEqual({ state: 'connecting', error: null });
  });

  it('opens once the token arrives from the user query instead', async () => {
    let answer: (token: string | null) => void = () => undefined;
    const { holder, connector } = setup(() => new Promise((resolve) => (answer = resolve)));
    holder.retain();
    holder.setServiceRunning(true);
    holder.setAccessToken(token);
    await vi.advanceTimersByTimeAsync(0);
    expect(connector.attempts).toHaveLength(1);
    answer(token);
    await vi.advanceTimersByTimeAsync(0);
    expect(connector.attempts).toHaveLength(1);
  });

  it('says there is no token when none can be had', async () => {
    const { holder, connector } = setup(async () => null);
    holder.retain();
    holder.setServiceRunning(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(connector.attempts).toHaveLength(0);
    expect(holder.session.getSnapshot()).toEqual({
      state: 'failed',
      error: 'No access token found',
    });
  });
});
