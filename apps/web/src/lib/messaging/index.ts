/**
 * The dashboard's messaging session (spec sections 4, 5 and 7): MQTT over WebSocket from the browser to a service,
 * with the member's access token. Rules: packages/contract/src/messaging/messaging-session.ts.
 */
export type { MessagingState } from '@herald/contract/messaging/messaging-session';
export type { MessagingMessage } from './session-manager';
export {
  MessagingSessionProvider,
  useMessagingSession,
  type MessagingSessionHandle,
  type MessagingSessionProviderProps,
} from './messaging-provider';
