import { useEffect, useRef, useState } from 'react';
import type { LiveSession } from './live-session';
import { LiveValueStore } from './live-value-store';

/** How long the set of topics in view must stay still before subscriptions follow it (a fast scroll settles). */
export const SUBSCRIPTION_SETTLE_MS = 120;

/**
 * Keeps one MQTT subscription (the exact topic path as the filter) per topic in `paths`: new paths are subscribed,
 * paths gone from view are unsubscribed and forgotten. Changes wait until the set has been still for
 * SUBSCRIPTION_SETTLE_MS, so scrolling through 10,000 rows does not subscribe to each one it passes.
 */
export function useLiveSubscriptions(
  session: LiveSession | null,
  paths: readonly string[],
  store: LiveValueStore,
) {
  const active = useRef(new Map<string, () => void>());
  const key = [...new Set(paths)].sort().join('\n');

  useEffect(() => {
    if (session === null) return;
    const apply = () => {
      const wanted = new Set(key === '' ? [] : key.split('\n'));
      for (const [path, unsubscribe] of active.current) {
        if (wanted.has(path)) continue;
        unsubscribe();
        active.current.delete(path);
        store.forget(path);
      }
      for (const path of wanted) {
        if (active.current.has(path)) continue;
        active.current.set(
          path,
          session.subscribe(path, (message) =>
            // The filter is the exact path, so every message is this topic's.
            store.push(path, {
              payload: message.payload,
              receivedAt: message.receivedAt,
              retained: message.retained,
            }),
          ),
        );
      }
    };
    const timer = setTimeout(apply, active.current.size === 0 ? 0 : SUBSCRIPTION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [session, key, store]);

  // Leaving the page (or the session changing) drops every subscription.
  useEffect(() => {
    const subscriptions = active.current;
    return () => {
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
    };
  }, [session]);
}

/** One store per page, made once. */
export function useLiveValueStore(): LiveValueStore {
  const [store] = useState(() => new LiveValueStore());
  return store;
}
