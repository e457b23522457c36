import type {
  ConnectionHandlers,
  ConnectOptions,
  MessagingConnector,
} from '../lib/messaging/mqtt-connector';

/** One attempt the session manager made through the fake connector, driven by the test. */
export interface FakeAttempt {
  options: ConnectOptions;
  handlers: ConnectionHandlers;
  subscribed: string[][];
  unsubscribed: string[][];
  isEnded: boolean;
}

/**
 * A double of our own connector interface (the real one, mqtt.js against a real runtime, is covered by
 * session-manager.runtime.test.ts): records each attempt so a test can answer it with a CONNACK, a refusal, a
 * failure or a close, and see what was sent.
 */
export function createFakeConnector() {
  const attempts: FakeAttempt[] = [];
  const connect: MessagingConnector = (options, handlers) => {
    const attempt: FakeAttempt = {
      options,
      handlers,
      subscribed: [],
      unsubscribed: [],
      isEnded: false,
    };
    attempts.push(attempt);
    return {
      subscribe: (filters) => attempt.subscribed.push([...filters]),
      unsubscribe: (filters) => attempt.unsubscribed.push([...filters]),
      end: () => {
        attempt.isEnded = true;
      },
    };
  };
  return {
    connect,
    attempts,
    last(): FakeAttempt {
      const attempt = attempts.at(-1);
      if (attempt === undefined) throw new Error('No connection attempt was made');
      return attempt;
    },
  };
}

/** A JWT-shaped token with these claims (the browser reads `iat`/`exp`; the runtime verifies the signature). */
export function fakeAccessToken(claims: { iat: number; exp: number; sub?: string }): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${encode({ alg: 'ES256', kid: 'test' })}.${encode(claims)}.signature`;
}
