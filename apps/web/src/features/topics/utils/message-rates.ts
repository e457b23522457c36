/**
 * Messages a second per tree node, from two readings of the runtime's per-branch counts (issue 25 item 17). A
 * reading is the level's fetch time and each node's count; the rate is the count's growth over the time between
 * two fetches of the same level. Pure apart from the samples map it is given to keep.
 */
export interface RateSample {
  messages: number;
  at: number;
  /** Messages a second between the last two readings; null before a second reading. */
  rate: number | null;
  /** Whether the count grew at the last reading (the row flashes). */
  grew: boolean;
}

export function nextRateSample(
  previous: RateSample | undefined,
  messages: number,
  at: number,
): RateSample {
  if (previous === undefined) return { messages, at, rate: null, grew: false };
  // The same reading seen again (a re-render, another level refetched): nothing new.
  if (at <= previous.at) return previous;
  // A count that went down is a restarted runtime or a topic made anew: start over.
  if (messages < previous.messages) return { messages, at, rate: null, grew: false };
  const rate = ((messages - previous.messages) * 1000) / (at - previous.at);
  return { messages, at, rate, grew: messages > previous.messages };
}

const countFormat = new Intl.NumberFormat('en-US');
const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1,234 msgs · 5.2/s": the count since the service started and, once known and not zero, the rate. */
export function formatMessageStats(messages: number, rate: number | null): string {
  const count = `${countFormat.format(messages)} ${messages === 1 ? 'msg' : 'msgs'}`;
  return rate === null || rate === 0 ? count : `${count} · ${rateFormat.format(rate)}/s`;
}
