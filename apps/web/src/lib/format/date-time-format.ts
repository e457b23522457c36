/**
 * The dashboard's one way of writing dates and times (issue 25: Activity said "10:00 AM" where the logs say
 * "10:00:00.000"). Always 24-hour (`hourCycle: 'h23'`, whatever the browser's locale would pick), day before month
 * in words: "1 Mar 2025, 10:00". The logs keep their sortable `2025-03-01 10:00:00.000` (logs/utils/log-format.ts),
 * built on the same TIME_OF_DAY options; every time is in the reader's zone unless one is given.
 */
const LOCALE = 'en-GB';

/** Hours and minutes on a 24-hour clock: the base of every time the dashboard shows. */
export const TIME_OF_DAY: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** Building a formatter costs far more than using one: one per kind and zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  kind: 'date' | 'date-time',
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(LOCALE, {
      ...DATE,
      ...(kind === 'date-time' && TIME_OF_DAY),
      ...(timeZone !== undefined && { timeZone }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

type Instant = Date | string | number;

/** "1 Mar 2025, 10:00". */
export function formatDateTime(at: Instant, timeZone?: string): string {
  return formatterFor('date-time', timeZone).format(new Date(at));
}

/** "1 Mar 2025". */
export function formatDate(at: Instant, timeZone?: string): string {
  return formatterFor('date', timeZone).format(new Date(at));
}
