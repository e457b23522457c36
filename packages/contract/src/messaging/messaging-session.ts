import { MESSAGING_RECONNECT_DELAY_MS } from '../constants';
import { MESSAGING_SESSION_MESSAGES } from '../messages';
import { checkSupportedVersion } from '../services/versions';

/**
 * The dashboard's messaging session (spec sections 4, 5 and 7): the browser's own MQTT client of a service.
 * These are its rules as a pure transition function; apps/web/src/lib/messaging drives it with a real client.
 *
 * - idle: never started; connecting: the first attempt (or a requested start) is underway;
 * - connected: CONNACK accepted; reconnecting: waiting to retry, or retrying, after a failure or a close;
 * - closed: the page asked to close (retries stop); failed: a rule refused the start, or the service refused the
 *   dashboard's access for good (retrying with the same credentials cannot help).
 */
export const MESSAGING_STATES = [
  'idle',
  'connecting',
  'connected',
  'reconnecting',
  'closed',
  'failed',
] as const;
export type MessagingState = (typeof MESSAGING_STATES)[number];

/** The connection state for people (the connection indicator); the error, if any, says more. */
export const MESSAGING_STATE_LABELS = {
  idle: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
  failed: 'Disconnected',
} as const satisfies Record<MessagingState, string>;

/** What a session needs to know of the service (spec section 5: a service with servicename and region). */
export interface MessagingServiceTarget {
  serviceName?: string | null;
  /** The alias the spec names (section 3); read when `serviceName` is absent. */
  servicename?: string | null;
  region?: string | null;
  heraldVersion?: string | null;
}

export type MessagingStartCheck = { ok: true } | { ok: false; message: string };

/**
 * Spec section 5: a session starts only with no existing session, no attempt in progress, an access token, and a
 * service with a name and a region; checked in that order, the first failing rule's message is the answer. An
 * unsupported service version is refused with 'Version {x} is not supported' (section 5, supported versions).
 */
export function checkMessagingSessionStart(input: {
  state: MessagingState;
  accessToken: string | null | undefined;
  service: MessagingServiceTarget | null | undefined;
}): MessagingStartCheck {
  const { state, accessToken, service } = input;
  if (state === 'connected') return refuse(MESSAGING_SESSION_MESSAGES.sessionExists);
  if (state === 'connecting' || state === 'reconnecting') {
    return refuse(MESSAGING_SESSION_MESSAGES.attemptUnderway);
  }
  if (!isPresent(accessToken)) return refuse(MESSAGING_SESSION_MESSAGES.noAccessToken);
  if (service === null || service === undefined)
    return refuse(MESSAGING_SESSION_MESSAGES.noService);
  if (!isPresent(service.serviceName ?? service.servicename)) {
    return refuse(MESSAGING_SESSION_MESSAGES.noServiceName);
  }
  if (!isPresent(service.region)) return refuse(MESSAGING_SESSION_MESSAGES.noServiceRegion);
  if (isPresent(service.heraldVersion)) {
    const version = checkSupportedVersion(service.heraldVersion);
    if (!version.ok) return version;
  }
  return { ok: true };
}

/** CONNACK return codes of MQTT 3.1.1 section 3.2.2.3 that mean the credentials were refused. */
export const CONNACK_BAD_USERNAME_OR_PASSWORD = 4;
export const CONNACK_NOT_AUTHORIZED = 5;

/** Failure texts for people (the spec names none beyond section 5's). */
export const MESSAGING_FAILURE_MESSAGES = {
  badCredentials:
    'The service did not accept your access token: your access may have been revoked. Reload the page to try again.',
  notAuthorized:
    'The service refused your access: you may no longer be a member of its workspace. Reload the page to try again.',
  protocolRefused: 'The service refused the MQTT 3.1.1 protocol version.',
  identifierRefused: 'The service refused the client identifier.',
  /** Any other CONNACK refusal; retried like a failure. */
  refused: (returnCode: number) => `The service refused the connection (code ${returnCode}).`,
} as const;

export interface MessagingSessionModel {
  state: MessagingState;
  /** The last refusal or failure text, for the connection indicator; cleared on connect. */
  error: string | null;
  /** A refused token was already replaced by a fresh one since the last successful connection. */
  hasRetriedWithFreshToken: boolean;
  /** When the open connection was accepted (epoch ms); null while none is open. */
  connectedAt: number | null;
}

export const INITIAL_MESSAGING_SESSION: MessagingSessionModel = {
  state: 'idle',
  error: null,
  hasRetriedWithFreshToken: false,
  connectedAt: null,
};

export type MessagingSessionEvent =
  | {
      type: 'start';
      accessToken: string | null | undefined;
      service: MessagingServiceTarget | null | undefined;
    }
  /** CONNACK accepted. */
  | { type: 'connected'; at: number }
  /** The attempt ended before a CONNACK: network error, timeout, the socket closed; `cause` is for people. */
  | { type: 'attemptFailed'; cause: string }
  /** CONNACK refused with this return code. */
  | { type: 'refused'; returnCode: number }
  /** The open connection closed and nobody asked for it (the runtime restarted, the network dropped). */
  | { type: 'connectionLost'; at: number; cause: string }
  /** The retry timer fired. */
  | { type: 'retryDue' }
  /** The page asked to close the session. */
  | { type: 'closeRequested' };

export type MessagingSessionEffect =
  /** Open one connection; `freshToken`: fetch a new access token first. */
  | { type: 'connect'; freshToken: boolean }
  | { type: 'scheduleRetry'; delayMs: number }
  | { type: 'cancelRetry' }
  /** End the connection or the attempt in progress. */
  | { type: 'disconnect' };

export interface MessagingSessionTransition {
  model: MessagingSessionModel;
  effects: MessagingSessionEffect[];
  /** Set when a start was refused by section 5's rules. */
  refusal?: string;
}

/**
 * Spec section 4: one attempt at a time; on failure retry after MESSAGING_RECONNECT_DELAY_MS; on an unrequested
 * close reconnect; a requested close stops retries. Beyond the spec: a refused token (CONNACK 4 or 5) is retried
 * once, at once, with a fresh token (it may have expired, or the member's role changed and the old one was revoked);
 * refused again, the session fails instead of retrying the same refusal forever. A connection that closes within
 * the reconnect delay of opening waits the delay before reconnecting, so a service that accepts and then drops the
 * session at once is not hammered.
 */
export function transitionMessagingSession(
  model: MessagingSessionModel,
  event: MessagingSessionEvent,
): MessagingSessionTransition {
  switch (event.type) {
    case 'start': {
      const check = checkMessagingSessionStart({
        state: model.state,
        accessToken: event.accessToken,
        service: event.service,
      });
      if (check.ok) {
        return {
          model: { ...INITIAL_MESSAGING_SESSION, state: 'connecting' },
          effects: [{ type: 'connect', freshToken: false }],
        };
      }
      // A second start while a session runs leaves that session as it is.
      if (isActive(model.state)) return { model, effects: [], refusal: check.message };
      return {
        model: { ...model, state: 'failed', error: check.message, connectedAt: null },
        effects: [],
        refusal: check.message,
      };
    }
    case 'connected':
      if (!isAttempting(model.state)) return unchanged(model);
      return {
        model: {
          state: 'connected',
          error: null,
          hasRetriedWithFreshToken: false,
          connectedAt: event.at,
        },
        effects: [],
      };
    case 'attemptFailed':
      if (!isAttempting(model.state)) return unchanged(model);
      return retryLater(model, event.cause);
    case 'refused':
      if (!isAttempting(model.state)) return unchanged(model);
      return afterRefusal(model, event.returnCode);
    case 'connectionLost': {
      if (model.state !== 'connected') return unchanged(model);
      const openFor = model.connectedAt === null ? 0 : event.at - model.connectedAt;
      if (openFor < MESSAGING_RECONNECT_DELAY_MS) {
        return retryLater({ ...model, connectedAt: null }, event.cause);
      }
      return {
        model: { ...model, state: 'reconnecting', error: event.cause, connectedAt: null },
        effects: [{ type: 'connect', freshToken: false }],
      };
    }
    case 'retryDue':
      if (model.state !== 'reconnecting') return unchanged(model);
      return { model, effects: [{ type: 'connect', freshToken: false }] };
    case 'closeRequested':
      if (model.state === 'idle' || model.state === 'closed') return unchanged(model);
      return {
        model: { ...model, state: 'closed', connectedAt: null },
        effects: [{ type: 'cancelRetry' }, { type: 'disconnect' }],
      };
  }
}

function afterRefusal(
  model: MessagingSessionModel,
  returnCode: number,
): MessagingSessionTransition {
  if (returnCode === CONNACK_BAD_USERNAME_OR_PASSWORD || returnCode === CONNACK_NOT_AUTHORIZED) {
    const message =
      returnCode === CONNACK_NOT_AUTHORIZED
        ? MESSAGING_FAILURE_MESSAGES.notAuthorized
        : MESSAGING_FAILURE_MESSAGES.badCredentials;
    if (!model.hasRetriedWithFreshToken) {
      return {
        model: { ...model, state: 'reconnecting', error: message, hasRetriedWithFreshToken: true },
        effects: [{ type: 'connect', freshToken: true }],
      };
    }
    return { model: { ...model, state: 'failed', error: message, connectedAt: null }, effects: [] };
  }
  // MQTT 3.1.1 section 3.2.2.3: 1 and 2 refuse what this client is, which a retry does not change.
  if (returnCode === 1) {
    return {
      model: { ...model, state: 'failed', error: MESSAGING_FAILURE_MESSAGES.protocolRefused },
      effects: [],
    };
  }
  if (returnCode === 2) {
    return {
      model: { ...model, state: 'failed', error: MESSAGING_FAILURE_MESSAGES.identifierRefused },
      effects: [],
    };
  }
  // 3 (server unavailable) and anything unknown: a failure like any other, retried after the delay.
  return retryLater(model, MESSAGING_FAILURE_MESSAGES.refused(returnCode));
}

function retryLater(model: MessagingSessionModel, cause: string): MessagingSessionTransition {
  return {
    model: { ...model, state: 'reconnecting', error: cause },
    effects: [{ type: 'scheduleRetry', delayMs: MESSAGING_RECONNECT_DELAY_MS }],
  };
}

function unchanged(model: MessagingSessionModel): MessagingSessionTransition {
  return { model, effects: [] };
}

function isAttempting(state: MessagingState): boolean {
  return state === 'connecting' || state === 'reconnecting';
}

function isActive(state: MessagingState): boolean {
  return state === 'connected' || isAttempting(state);
}

function refuse(message: string): MessagingStartCheck {
  return { ok: false, message };
}

function isPresent(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
