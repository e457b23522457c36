import {
  accessTokenRefreshDelayMs,
  isAccessTokenExpiring,
  MIN_ACCESS_TOKEN_REFRESH_MS,
} from '@herald/contract/messaging/access-token-refresh';
import {
  INITIAL_MESSAGING_SESSION,
  transitionMessagingSession,
  type MessagingServiceTarget,
  type MessagingSessionEffect,
  type MessagingSessionEvent,
  type MessagingSessionModel,
  type MessagingStartCheck,
  type MessagingState,
} from '@herald/contract/messaging/messaging-session';
import { isWildcardFilter, topicMatchesFilter } from '@herald/contract/messaging/topic-filter';
import { MESSAGING_SESSION_MESSAGES } from '@herald/contract/messages';
import type { MessagingConnection, MessagingConnector } from './mqtt-connector';

export interface MessagingMessage {
  topic: string;
  payload: Uint8Array;
  retained: boolean;
  receivedAt: number;
}

export type MessageListener = (message: MessagingMessage) => void;

export interface MessagingSnapshot {
  state: MessagingState;
  error: string | null;
}

export interface MessagingSessionTarget extends MessagingServiceTarget {
  endpoints: { websocketUrl: string };
}

export interface SessionManagerOptions {
  service: MessagingSessionTarget;
  connect: MessagingConnector;
  /** A fresh access token (GET /v3/user), or null when there is none. */
  fetchAccessToken: () => Promise<string | null>;
  accessToken?: string | null;
  now?: () => number;
  /** The MQTT client identifier; unique per session so two tabs never take over each other's session. */
  clientId?: string;
}

/** A token this close to expiry is replaced before a connect: the runtime would refuse it on arrival. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * The dashboard's messaging session, framework-free: it feeds events to the contract's transition function and
 * carries out the effects it returns (connect, retry timer, disconnect). It also keeps the subscriptions (re-sent
 * on every new connection; many listeners on one filter share one SUBSCRIBE) and the access token fresh (read from
 * its `exp`, replaced at 80 % of its life, so a reconnect never presents an expired one; the open connection is
 * not touched, the runtime checks the token at CONNECT only). It never publishes.
 */
export class MessagingSessionManager {
  private model: MessagingSessionModel = INITIAL_MESSAGING_SESSION;
  private snapshot: MessagingSnapshot = { state: 'idle', error: null };
  private readonly stateListeners = new Set<() => void>();
  private readonly listeners = new Map<string, Set<MessageListener>>();
  private readonly wildcardFilters = new Set<string>();
  private connection: MessagingConnection | null = null;
  /** Bumped by every attempt and disconnect: callbacks of an older attempt are ignored. */
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private accessToken: string | null;
  private readonly now: () => number;
  private readonly clientId: string;

  constructor(private readonly options: SessionManagerOptions) {
    this.accessToken = options.accessToken ?? null;
    this.now = options.now ?? Date.now;
    this.clientId = options.clientId ?? `herald-dashboard-${randomSuffix()}`;
  }

  getSnapshot = (): MessagingSnapshot => this.snapshot;

  /** Calls `listener` on every change of state or error; returns the unsubscribe function. */
  subscribeToState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Spec section 5's checks, then the first attempt. */
  start(): MessagingStartCheck {
    const result = this.dispatch({
      type: 'start',
      accessToken: this.accessToken,
      service: this.options.service,
    });
    if (result.refusal !== undefined) return { ok: false, message: result.refusal };
    this.scheduleTokenRefresh();
    return { ok: true };
  }

  /** A requested close: the connection ends and retries stop. */
  close(): void {
    this.dispatch({ type: 'closeRequested' });
    this.clearRefreshTimer();
  }

  /** A newer token (the user query answered again); the next connect presents it. */
  setAccessToken(token: string | null | undefined): void {
    if (token === undefined || token === null || token === '' || token === this.accessToken) return;
    this.accessToken = token;
    if (this.isRunning()) this.scheduleTokenRefresh();
  }

  subscribe = (filter: string, listener: MessageListener): (() => void) => {
    let set = this.listeners.get(filter);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(filter, set);
      if (isWildcardFilter(filter)) this.wildcardFilters.add(filter);
      if (this.model.state === 'connected') this.connection?.subscribe([filter]);
    }
    const listeners = set;
    // A wrapper per call, so the same function subscribed twice is two subscriptions.
    const entry: MessageListener = (message) => listener(message);
    listeners.add(entry);
    return () => {
      if (!listeners.delete(entry) || listeners.size > 0) return;
      if (this.listeners.get(filter) !== listeners) return;
      this.listeners.delete(filter);
      this.wildcardFilters.delete(filter);
      if (this.model.state === 'connected') this.connection?.unsubscribe([filter]);
    };
  };

  private isRunning(): boolean {
    const { state } = this.model;
    return state === 'connecting' || state === 'connected' || state === 'reconnecting';
  }

  private dispatch(event: MessagingSessionEvent) {
    const result = transitionMessagingSession(this.model, event);
    const before = this.model;
    this.model = result.model;
    if (before.state !== result.model.state || before.error !== result.model.error) {
      this.snapshot = { state: result.model.state, error: result.model.error };
      for (const listener of [...this.stateListeners]) listener();
    }
    for (const effect of result.effects) this.apply(effect);
    if (event.type === 'connected' && this.model.state === 'connected' && this.listeners.size > 0) {
      // Subscriptions survive reconnects: all of them go with the new connection's first SUBSCRIBE.
      this.connection?.subscribe([...this.listeners.keys()]);
    }
    return result;
  }

  private apply(effect: MessagingSessionEffect): void {
    switch (effect.type) {
      case 'connect':
        void this.openConnection(effect.freshToken);
        return;
      case 'scheduleRetry':
        this.clearRetryTimer();
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.dispatch({ type: 'retryDue' });
        }, effect.delayMs);
        return;
      case 'cancelRetry':
        this.clearRetryTimer();
        return;
      case 'disconnect':
        this.attempt += 1;
        this.connection?.end();
        this.connection = null;
    }
  }

  private async openConnection(freshToken: boolean): Promise<void> {
    this.attempt += 1;
    const attempt = this.attempt;
    this.connection?.end();
    this.connection = null;
    let token = this.accessToken;
    if (
      freshToken ||
      token === null ||
      isAccessTokenExpiring(token, this.now(), EXPIRY_MARGIN_MS)
    ) {
      try {
        token = await this.options.fetchAccessToken();
      } catch (error) {
        token = null;
        if (attempt === this.attempt) {
          this.dispatch({ type: 'attemptFailed', cause: causeOf(error) });
        }
        return;
      }
      if (attempt !== this.attempt) return;
      if (token === null) {
        this.dispatch({ type: 'attemptFailed', cause: MESSAGING_SESSION_MESSAGES.noAccessToken });
        return;
      }
      this.accessToken = token;
      this.scheduleTokenRefresh();
    }
    const isCurrent = () => attempt === this.attempt;
    this.connection = this.options.connect(
      {
        url: this.options.service.endpoints.websocketUrl,
        accessToken: token,
        clientId: this.clientId,
      },
      {
        onConnect: () => {
          if (isCurrent()) this.dispatch({ type: 'connected', at: this.now() });
        },
        onRefused: (returnCode) => {
          if (isCurrent()) this.dispatch({ type: 'refused', returnCode });
        },
        onFailure: (cause) => {
          if (isCurrent()) this.dispatch({ type: 'attemptFailed', cause });
        },
        onClose: (cause) => {
          if (isCurrent()) this.dispatch({ type: 'connectionLost', at: this.now(), cause });
        },
        onMessage: (topic, payload, retained) => {
          if (isCurrent()) this.deliver({ topic, payload, retained, receivedAt: this.now() });
        },
      },
    );
  }

  private deliver(message: MessagingMessage): void {
    const targets: Set<MessageListener>[] = [];
    const exact = this.listeners.get(message.topic);
    if (exact !== undefined) targets.push(exact);
    for (const filter of this.wildcardFilters) {
      if (filter === message.topic || !topicMatchesFilter(filter, message.topic)) continue;
      const set = this.listeners.get(filter);
      if (set !== undefined) targets.push(set);
    }
    for (const set of targets) {
      for (const listener of [...set]) {
        try {
          listener(message);
        } catch (error) {
          // One broken listener must not starve the others; the error still surfaces.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    }
  }

  private scheduleTokenRefresh(): void {
    this.clearRefreshTimer();
    if (this.accessToken === null) return;
    const delay = accessTokenRefreshDelayMs(this.accessToken, this.now());
    if (delay === null) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.refreshToken();
    }, delay);
  }

  private async refreshToken(): Promise<void> {
    if (!this.isRunning()) return;
    try {
      const token = await this.options.fetchAccessToken();
      if (token !== null && this.isRunning()) {
        this.accessToken = token;
        this.scheduleTokenRefresh();
        return;
      }
    } catch {
      // Tried again below; a reconnect in between fetches its own.
    }
    if (this.isRunning() && this.refreshTimer === null) {
      this.refreshTimer = setTimeout(() => {
        this.refreshTimer = null;
        void this.refreshToken();
      }, MIN_ACCESS_TOKEN_REFRESH_MS);
    }
  }

  private clearRetryTimer(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private clearRefreshTimer(): void {
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
  }
}

function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function randomSuffix(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
