import type { UsagePeriod } from '@herald/contract/constants';

/* Usage figures in people's units, in the user's locale (the usage screen and the overview's usage section). */

/** The period choices (spec section 9: hour, halfday, day, isoWeek, month). */
export const USAGE_PERIOD_CHOICES: readonly { value: UsagePeriod; label: string }[] = [
  { value: 'hour', label: 'Last hour' },
  { value: 'halfday', label: 'Last 12 hours' },
  { value: 'day', label: 'Today' },
  { value: 'isoWeek', label: 'This week' },
  { value: 'month', label: 'This month' },
];

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/** A whole count with the locale's grouping, e.g. 1,234. */
export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/**
 * Bytes in decimal (SI) units with at most one decimal, as network volumes are billed: 1,200,000 → "1.2 MB",
 * 999 → "999 bytes".
 */
export function formatBytes(value: number, locale?: string): string {
  let unitIndex = 0;
  let scaled = Math.max(0, value);
  while (scaled >= 1000 && unitIndex < BYTE_UNITS.length - 1) {
    scaled /= 1000;
    unitIndex += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unitIndex],
    // 'B' reads poorly on its own: "999 bytes", then "1.2 kB".
    unitDisplay: unitIndex === 0 ? 'long' : 'short',
    maximumFractionDigits: unitIndex === 0 ? 0 : 1,
  }).format(scaled);
}

/**
 * What a billed message is (issue 25: 147 messages published showed as 175 billed), said wherever the figures are:
 * the runtime bills each message a client publishes and each message it delivers to a client (docs/decisions/022).
 */
export const BILLED_MESSAGES_NOTE =
  'Billed messages are the messages clients publish (in) plus the messages delivered to subscribers (out).';
