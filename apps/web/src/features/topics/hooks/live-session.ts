/**
 * The part of the dashboard's messaging session (lib/messaging, `MessagingSessionHandle`) the topic browser uses:
 * subscribe to a topic filter and be told of every message. Structural, so tests can pass a double of our own
 * interface and the page takes the real session.
 */
export interface LiveMessage {
  topic: string;
  payload: Uint8Array;
  retained: boolean;
  receivedAt: number;
}

export interface LiveSession {
  subscribe: (filter: string, listener: (message: LiveMessage) => void) => () => void;
}
