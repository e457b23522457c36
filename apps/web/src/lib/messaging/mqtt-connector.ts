import { TOKEN_MQTT_USERNAME } from '@herald/contract/services/service-token';
// Types only: erased from the bundle; the library itself is imported on the first attempt.
import type { MqttClient } from 'mqtt';

/** One MQTT connection attempt, as the session manager sees it. */
export interface MessagingConnection {
  subscribe(filters: readonly string[]): void;
  unsubscribe(filters: readonly string[]): void;
  /** Ends the connection (or the attempt) at once; no handler is called afterwards. */
  end(): void;
}

/** What happens to an attempt; exactly one of onConnect, onRefused, onFailure, then at most one onClose. */
export interface ConnectionHandlers {
  onConnect(): void;
  /** CONNACK refused with this return code (MQTT 3.1.1 section 3.2.2.3). */
  onRefused(returnCode: number): void;
  /** No CONNACK: the socket failed, timed out or closed first. */
  onFailure(cause: string): void;
  /** The accepted connection closed without end() being called. */
  onClose(cause: string): void;
  onMessage(topic: string, payload: Uint8Array, retained: boolean): void;
}

export interface ConnectOptions {
  url: string;
  accessToken: string;
  clientId: string;
}

export type MessagingConnector = (
  options: ConnectOptions,
  handlers: ConnectionHandlers,
) => MessagingConnection;

/** How long a CONNACK may take before the attempt counts as failed. */
const CONNECT_TIMEOUT_MS = 10_000;

interface MqttError {
  message?: string;
  code?: unknown;
}

/**
 * mqtt.js 5 over WebSocket. The library is imported on the first attempt, so it stays out of the entry chunk
 * (scripts/check-bundle-budget.mjs). Its own reconnect is off (reconnectPeriod 0): the spec's rules in the
 * contract's messaging-session.ts decide every retry. MQTT 3.1.1 (the runtime's aedes speaks only that), a clean
 * session, and the dashboard principal's credentials: username `token`, the member's access token as password.
 */
export const connectWithMqtt: MessagingConnector = (options, handlers) => {
  let isEnded = false;
  let client: MqttClient | null = null;

  void import('mqtt').then(
    (mqtt) => {
      if (isEnded) return;
      // The browser build is one default export; Node's build also names its exports.
      const connect = typeof mqtt.connect === 'function' ? mqtt.connect : mqtt.default.connect;
      const opened = connect(options.url, {
        protocolVersion: 4,
        clean: true,
        clientId: options.clientId,
        username: TOKEN_MQTT_USERNAME,
        password: options.accessToken,
        reconnectPeriod: 0,
        connectTimeout: CONNECT_TIMEOUT_MS,
        // Subscriptions are the manager's to re-send on each new connection.
        resubscribe: false,
      });
      client = opened;
      let phase: 'attempting' | 'open' | 'settled' = 'attempting';
      let lastError: string | null = null;
      opened.on('connect', () => {
        if (isEnded || phase !== 'attempting') return;
        phase = 'open';
        handlers.onConnect();
      });
      opened.on('error', (error: MqttError) => {
        if (isEnded) return;
        lastError = error.message ?? 'Connection error';
        if (
          phase === 'attempting' &&
          typeof error.code === 'number' &&
          error.code >= 1 &&
          error.code <= 5
        ) {
          phase = 'settled';
          opened.end(true);
          handlers.onRefused(error.code);
        }
      });
      opened.on('close', () => {
        if (isEnded) return;
        const wasOpen = phase === 'open';
        const wasAttempting = phase === 'attempting';
        phase = 'settled';
        opened.end(true);
        if (wasOpen) handlers.onClose(lastError ?? 'The connection closed');
        else if (wasAttempting)
          handlers.onFailure(lastError ?? 'The connection could not be opened');
      });
      opened.on('message', (topic, payload, packet) => {
        if (isEnded) return;
        handlers.onMessage(topic, payload, packet.retain);
      });
    },
    (error: unknown) => {
      // The chunk did not load (offline, a new deployment): a failed attempt, retried by the rules.
      if (!isEnded) handlers.onFailure(error instanceof Error ? error.message : String(error));
    },
  );

  return {
    subscribe(filters) {
      if (client !== null && !isEnded && filters.length > 0)
        client.subscribe([...filters], { qos: 0 });
    },
    unsubscribe(filters) {
      if (client !== null && !isEnded && filters.length > 0) client.unsubscribe([...filters]);
    },
    end() {
      isEnded = true;
      client?.end(true);
    },
  };
};
