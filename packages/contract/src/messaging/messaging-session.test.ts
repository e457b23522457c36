import { describe, expect, it } from 'vitest';
import { MESSAGING_RECONNECT_DELAY_MS } from '../constants';
import {
  INITIAL_MESSAGING_SESSION,
  MESSAGING_FAILURE_MESSAGES,
  MESSAGING_STATE_LABELS,
  checkMessagingSessionStart,
  transitionMessagingSession,
  type MessagingSessionEvent,
  type MessagingSessionModel,
  type MessagingState,
} from './messaging-session';

const service = { serviceName: 'sensors', region: 'eu-west-1.local', heraldVersion: '6.11.0' };
const start: MessagingSessionEvent = { type: 'start', accessToken: 'a.b.c', service };

function run(events: MessagingSessionEvent[], from = INITIAL_MESSAGING_SESSION) {
  let model: MessagingSessionModel = from;
  const effects = [];
  for (const event of events) {
    const result = transitionMessagingSession(model, event);
    model = result.model;
    effects.push(...result.effects);
  }
  return { model, effects };
}

const at = (state: MessagingState, extra: Partial<MessagingSessionModel> = {}) => ({
  ...INITIAL_MESSAGING_SESSION,
  state,
  ...extra,
});

describe('checkMessagingSessionStart (spec section 5, in order)', () => {
  it.each([
    ['connected', 'a.b.c', service, 'A session already exists'],
    ['connecting', 'a.b.c', service, 'A connection attempt is underway'],
    ['reconnecting', 'a.b.c', service, 'A connection attempt is underway'],
    ['idle', null, service, 'No access token found'],
    ['idle', '', service, 'No access token found'],
    ['idle', '   ', service, 'No access token found'],
    ['idle', undefined, service, 'No access token found'],
    ['idle', 'a.b.c', null, 'No service provided'],
    ['idle', 'a.b.c', undefined, 'No service provided'],
    ['idle', 'a.b.c', { region: 'eu' }, 'No service name found'],
    ['idle', 'a.b.c', { serviceName: '', region: 'eu' }, 'No service name found'],
    ['idle', 'a.b.c', { serviceName: 'sensors' }, 'No service region found'],
    ['idle', 'a.b.c', { serviceName: 'sensors', region: ' ' }, 'No service region found'],
    ['idle', 'a.b.c', { ...service, heraldVersion: '6.5.9' }, 'Version 6.5.9 is not supported'],
    ['idle', 'a.b.c', { ...service, heraldVersion: '7.0' }, 'Version 7.0 is not supported'],
  ] as const)(
    'refuses from %s with token %j and service %j: %s',
    (state, token, target, message) => {
      expect(checkMessagingSessionStart({ state, accessToken: token, service: target })).toEqual({
        ok: false,
        message,
      });
    },
  );

  it('checks the existing session before anything else', () => {
    expect(
      checkMessagingSessionStart({ state: 'connected', accessToken: null, service: null }),
    ).toEqual({
      ok: false,
      message: 'A session already exists',
    });
  });

  it('checks the token before the service', () => {
    expect(checkMessagingSessionStart({ state: 'idle', accessToken: null, service: null })).toEqual(
      {
        ok: false,
        message: 'No access token found',
      },
    );
  });

  it('reads the servicename alias when serviceName is absent', () => {
    expect(
      checkMessagingSessionStart({
        state: 'idle',
        accessToken: 'a.b.c',
        service: { servicename: 'sensors', region: 'eu' },
      }),
    ).toEqual({ ok: true });
  });

  it.each(['idle', 'closed', 'failed'] as const)('lets a session start from %s', (state) => {
    expect(checkMessagingSessionStart({ state, accessToken: 'a.b.c', service })).toEqual({
      ok: true,
    });
  });
});

describe('transitionMessagingSession (spec section 4)', () => {
  it('starts one attempt and is connected when the CONNACK accepts', () => {
    const started = run([start]);
    expect(started.model.state).toBe('connecting');
    expect(started.effects).toEqual([{ type: 'connect', freshToken: false }]);
    const connected = run([{ type: 'connected', at: 5 }], started.model);
    expect(connected.model).toEqual({
      state: 'connected',
      error: null,
      hasRetriedWithFreshToken: false,
      connectedAt: 5,
    });
  });

  it('refuses a second start while an attempt is underway and starts no second attempt', () => {
    const result = transitionMessagingSession(at('connecting'), start);
    expect(result).toEqual({
      model: at('connecting'),
      effects: [],
      refusal: 'A connection attempt is underway',
    });
  });

  it('refuses a start while connected and keeps the session', () => {
    const result = transitionMessagingSession(at('connected', { connectedAt: 1 }), start);
    expect(result.model).toEqual(at('connected', { connectedAt: 1 }));
    expect(result.effects).toEqual([]);
    expect(result.refusal).toBe('A session already exists');
  });

  it('fails a start refused by a rule with its message and opens nothing', () => {
    const result = transitionMessagingSession(INITIAL_MESSAGING_SESSION, {
      type: 'start',
      accessToken: null,
      service,
    });
    expect(result.model).toEqual(at('failed', { error: 'No access token found' }));
    expect(result.effects).toEqual([]);
  });

  it(`retries a failed attempt after ${MESSAGING_RECONNECT_DELAY_MS} ms, then connects again`, () => {
    const failed = run([start, { type: 'attemptFailed', cause: 'connection refused' }]);
    expect(failed.model).toEqual(at('reconnecting', { error: 'connection refused' }));
    expect(failed.effects).toEqual([
      { type: 'connect', freshToken: false },
      { type: 'scheduleRetry', delayMs: 1000 },
    ]);
    const due = transitionMessagingSession(failed.model, { type: 'retryDue' });
    expect(due.effects).toEqual([{ type: 'connect', freshToken: false }]);
    expect(due.model.state).toBe('reconnecting');
  });

  it('keeps retrying every failure, one attempt at a time', () => {
    const { effects, model } = run([
      start,
      { type: 'attemptFailed', cause: 'down' },
      { type: 'retryDue' },
      { type: 'attemptFailed', cause: 'down' },
      { type: 'retryDue' },
    ]);
    expect(model.state).toBe('reconnecting');
    expect(effects.map((effect) => effect.type)).toEqual([
      'connect',
      'scheduleRetry',
      'connect',
      'scheduleRetry',
      'connect',
    ]);
  });

  it('reconnects at once on an unrequested close of a connection that had been open', () => {
    const result = transitionMessagingSession(at('connected', { connectedAt: 0 }), {
      type: 'connectionLost',
      at: 60_000,
      cause: 'The connection closed',
    });
    expect(result.model).toEqual(at('reconnecting', { error: 'The connection closed' }));
    expect(result.effects).toEqual([{ type: 'connect', freshToken: false }]);
  });

  it('waits the reconnect delay when the connection closes within it of opening', () => {
    const result = transitionMessagingSession(at('connected', { connectedAt: 100 }), {
      type: 'connectionLost',
      at: 100 + MESSAGING_RECONNECT_DELAY_MS - 1,
      cause: 'The connection closed',
    });
    expect(result.model.state).toBe('reconnecting');
    expect(result.effects).toEqual([{ type: 'scheduleRetry', delayMs: 1000 }]);
  });

  it.each(['connecting', 'reconnecting', 'connected'] as const)(
    'stops on a requested close from %s: retry cancelled, connection ended',
    (state) => {
      const result = transitionMessagingSession(at(state), { type: 'closeRequested' });
      expect(result.model.state).toBe('closed');
      expect(result.effects).toEqual([{ type: 'cancelRetry' }, { type: 'disconnect' }]);
    },
  );

  it('does not retry after a requested close, whatever the old attempt reports', () => {
    const { model, effects } = run([
      start,
      { type: 'closeRequested' },
      { type: 'attemptFailed', cause: 'aborted' },
      { type: 'retryDue' },
      { type: 'connected', at: 1 },
      { type: 'connectionLost', at: 2, cause: 'closed' },
    ]);
    expect(model.state).toBe('closed');
    expect(effects).toEqual([
      { type: 'connect', freshToken: false },
      { type: 'cancelRetry' },
      { type: 'disconnect' },
    ]);
  });

  it.each([4, 5])(
    'retries a token refused with CONNACK %i once with a fresh token, then fails',
    (returnCode) => {
      const first = run([start, { type: 'refused', returnCode }]);
      expect(first.model.state).toBe('reconnecting');
      expect(first.effects.at(-1)).toEqual({ type: 'connect', freshToken: true });
      const second = run([{ type: 'refused', returnCode }], first.model);
      expect(second.model.state).toBe('failed');
      expect(second.model.error).toBe(
        returnCode === 5
          ? MESSAGING_FAILURE_MESSAGES.notAuthorized
          : MESSAGING_FAILURE_MESSAGES.badCredentials,
      );
      expect(second.effects).toEqual([]);
    },
  );

  it('allows a fresh-token retry again after a successful connection', () => {
    const { model, effects } = run([
      start,
      { type: 'refused', returnCode: 5 },
      { type: 'connected', at: 0 },
      { type: 'connectionLost', at: 60_000, cause: 'closed' },
      { type: 'refused', returnCode: 5 },
    ]);
    expect(model.state).toBe('reconnecting');
    expect(effects.at(-1)).toEqual({ type: 'connect', freshToken: true });
  });

  it.each([
    [1, MESSAGING_FAILURE_MESSAGES.protocolRefused],
    [2, MESSAGING_FAILURE_MESSAGES.identifierRefused],
  ])('fails at once on CONNACK %i, which a retry cannot change', (returnCode, message) => {
    const { model, effects } = run([start, { type: 'refused', returnCode }]);
    expect(model).toEqual(at('failed', { error: message }));
    expect(effects).toEqual([{ type: 'connect', freshToken: false }]);
  });

  it('retries CONNACK 3 (server unavailable) after the delay like any failure', () => {
    const { model, effects } = run([start, { type: 'refused', returnCode: 3 }]);
    expect(model).toEqual(
      at('reconnecting', { error: 'The service refused the connection (code 3).' }),
    );
    expect(effects.at(-1)).toEqual({ type: 'scheduleRetry', delayMs: 1000 });
  });

  it('can start again after a requested close or a failure', () => {
    for (const from of [at('closed'), at('failed', { error: 'x' })]) {
      const result = transitionMessagingSession(from, start);
      expect(result.model).toEqual(at('connecting'));
      expect(result.effects).toEqual([{ type: 'connect', freshToken: false }]);
    }
  });

  it('ignores a retry timer that fires when not reconnecting', () => {
    for (const state of ['idle', 'connecting', 'connected', 'closed', 'failed'] as const) {
      expect(transitionMessagingSession(at(state), { type: 'retryDue' }).effects).toEqual([]);
    }
  });
});

describe('MESSAGING_STATE_LABELS', () => {
  it.each([
    ['idle', 'Disconnected'],
    ['connecting', 'Connecting…'],
    ['connected', 'Connected'],
    ['reconnecting', 'Reconnecting…'],
    ['closed', 'Disconnected'],
    ['failed', 'Disconnected'],
  ] as const)('names %s %j', (state, label) => {
    expect(MESSAGING_STATE_LABELS[state]).toBe(label);
  });
});
