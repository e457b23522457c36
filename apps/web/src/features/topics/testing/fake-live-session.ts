import type { LiveMessage, LiveSession } from '../hooks/live-session';

/**
 * A test double of our own session interface (lib/messaging's subscribe): records subscriptions and delivers
 * what a test publishes to the listeners of the exact filter, as the broker would for an exact topic path.
 */
export function createFakeLiveSession() {
  const listeners = new Map<string, Set<(message: LiveMessage) => void>>();
  const session: LiveSession = {
    subscribe: (filter, listener) => {
      let set = listeners.get(filter);
      if (!set) {
        set = new Set();
        listeners.set(filter, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(filter);
      };
    },
  };
  return {
    session,
    /** The filters with at least one listener now. */
    subscribed: () => [...listeners.keys()].sort(),
    publish(topic: string, text: string, retained = false) {
      const message: LiveMessage = {
        topic,
        payload: new TextEncoder().encode(text),
        retained,
        receivedAt: Date.now(),
      };
      for (const listener of listeners.get(topic) ?? []) listener(message);
    },
  };
}
