import { useEffect, useRef } from 'react';

/**
 * Refetches when `trigger` changes, at most once per `minIntervalMs` (the last change is always followed by one),
 * so a topic changing 1,000 times a second asks the service about once a second for what only it knows (the last
 * QoS), never once per message.
 */
export function useRefetchOnChange(
  trigger: unknown,
  refetch: () => unknown,
  minIntervalMs = 1_000,
): void {
  const last = useRef(0);
  const refetchRef = useRef(refetch);
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch]);
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const wait = Math.max(0, last.current + minIntervalMs - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      void refetchRef.current();
    }, wait);
    return () => clearTimeout(timer);
  }, [trigger, minIntervalMs]);
}
