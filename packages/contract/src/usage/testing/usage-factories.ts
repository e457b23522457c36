import type { UsageBucket } from '../usage-aggregate';

/** A usage bucket of `seconds` from `start` (epoch seconds): zero figures unless `values` says otherwise. */
export function usageBucket(
  start: number,
  seconds: number,
  values: Partial<UsageBucket> = {},
): UsageBucket {
  return {
    start,
    seconds,
    billedMessages: 0,
    messagesIn: 0,
    adapterBilledMessages: 0,
    bytes: 0,
    sessionsMax: 0,
    sessionsMin: 0,
    topicsMax: 0,
    topicsMin: 0,
    ...values,
  };
}
