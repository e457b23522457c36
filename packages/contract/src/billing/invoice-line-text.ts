import { MONTH_ABBREVIATIONS } from './invoice-month';

// The words of invoice lines (docs/decisions/024): what a person reads on the invoice, the summary and the forecast.

/** "1 node", "3 nodes". */
export function plural(count: number, word: string): string {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}

/** "1–30 Nov" or "5 Nov": the days (UTC) of [start, end) within one month. */
export function describeDays(start: number, end: number): string {
  const first = new Date(start * 1000);
  const last = new Date((end - 1) * 1000);
  const month = MONTH_ABBREVIATIONS[first.getUTCMonth()]!;
  const from = first.getUTCDate();
  const to = last.getUTCDate();
  return from === to ? `${from} ${month}` : `${from}–${to} ${month}`;
}

/** "850 messages", "1 message", "999,999 messages", "12.3 million messages", "1.2 billion messages". */
export function describeMessages(messages: number): string {
  if (messages < 1_000_000) {
    return `${messages.toLocaleString('en-US')} ${messages === 1 ? 'message' : 'messages'}`;
  }
  const [divisor, unit] = messages < 1_000_000_000 ? [1_000_000, 'million'] : [1e9, 'billion'];
  // One decimal, truncated (never shows more than was sent), ".0" dropped.
  const tenths = Math.floor((messages * 10) / divisor) / 10;
  return `${tenths.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit} messages`;
}
