import type { Service } from '@herald/contract/services/service.schema';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import type { MessagingState } from '@herald/contract/messaging/messaging-session';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { fetchAccessToken } from './access-token';
import { connectWithMqtt, type MessagingConnector } from './mqtt-connector';
import { MessagingSessionHolder } from './session-holder';
import type { MessagingMessage } from './session-manager';

export interface MessagingSessionHandle {
  state: MessagingState;
  /** The last refusal or failure text (spec section 5 messages, 'Version {x} is not supported', or the cause). */
  error: string | null;
  /**
   * Subscribe to an MQTT topic filter; the listener gets every message; returns the unsubscribe function.
   * Subscriptions survive reconnects (re-sent on connect). Many listeners on one filter share one SUBSCRIBE.
   * Stable for the life of the service layout: depend on it rather than on the handle, whose identity follows
   * the state.
   */
  subscribe(filter: string, listener: (message: MessagingMessage) => void): () => void;
}

const MessagingSessionContext = createContext<MessagingSessionHolder | null>(null);

export interface MessagingSessionProviderProps {
  service: Service;
  children: ReactNode;
  /** The live status (the layout's status stream); the service's own status when absent. */
  status?: ServiceStatus;
  /** The signed-in user's access token (GET /v3/user `accessToken`); fetched when absent. */
  accessToken?: string | null;
  /** Tests replace the MQTT client; the dashboard uses mqtt.js. */
  connect?: MessagingConnector;
}

/**
 * Inside the service layout: one messaging session per service, opened on first use (a page calling
 * useMessagingSession) while the service is RUNNING, closed when the layout is left. Other service pages open no
 * socket.
 */
export function MessagingSessionProvider({
  service,
  children,
  status = service.status,
  accessToken,
  connect = connectWithMqtt,
}: MessagingSessionProviderProps) {
  const [holder] = useState(
    () =>
      new MessagingSessionHolder({
        service,
        connect,
        fetchAccessToken,
        accessToken: accessToken ?? null,
      }),
  );
  useEffect(() => holder.setAccessToken(accessToken), [holder, accessToken]);
  useEffect(() => holder.setServiceRunning(status === 'RUNNING'), [holder, status]);
  useEffect(() => () => holder.dispose(), [holder]);
  return (
    <MessagingSessionContext.Provider value={holder}>{children}</MessagingSessionContext.Provider>
  );
}

/** The service's messaging session; calling it is what opens the session (while the service is RUNNING). */
export function useMessagingSession(): MessagingSessionHandle {
  const holder = useContext(MessagingSessionContext);
  if (holder === null) {
    throw new Error(
      'useMessagingSession is used outside MessagingSessionProvider (the service layout)',
    );
  }
  const session = holder.session;
  useEffect(() => holder.retain(), [holder]);
  const { state, error } = useSyncExternalStore(session.subscribeToState, session.getSnapshot);
  return useMemo(() => ({ state, error, subscribe: session.subscribe }), [state, error, session]);
}
