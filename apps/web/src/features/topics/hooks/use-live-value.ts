import { useCallback, useSyncExternalStore } from 'react';
import type { LiveEntry, LiveValueStore } from './live-value-store';

/** One topic's live entry; the component re-renders only when that topic changes. */
export function useLiveValue(store: LiveValueStore, path: string): LiveEntry | undefined {
  const subscribe = useCallback(
    (listener: () => void) => store.listen(path, listener),
    [store, path],
  );
  const read = useCallback(() => store.get(path), [store, path]);
  return useSyncExternalStore(subscribe, read, read);
}
