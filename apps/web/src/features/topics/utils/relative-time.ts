const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "12 seconds ago", "3 hours ago" — how long ago `time` was, as of `now`. */
export function formatRelativeTime(time: number, now: number): string {
  const elapsed = now - time;
  if (elapsed < 5_000) return 'just now';
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

/** The exact time, for the tooltip and the history: "24 Nov 2026, 01:48:54.120 UTC" in the reader's zone. */
export function formatExactTime(time: number): string {
  return new Date(time).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    timeZoneName: 'short',
  });
}

/** The time of day to the millisecond, "02:02:44.270", for a list of values received within minutes. */
export function formatTimeOfDay(time: number): string {
  return new Date(time).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
  });
}
