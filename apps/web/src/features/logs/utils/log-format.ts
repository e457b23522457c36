import type { LogEntry, LogLevel } from '@herald/contract/logs/logs.schema';
import { TIME_OF_DAY } from '../../../lib/format/date-time-format';
import { logSourceSlug, type LogViewSource } from '../api/log-source';

/** Levels in people's words (the badge shows the word; its colour is only a second cue). */
export const LOG_LEVEL_WORDS: Record<LogLevel, string> = {
  debug: 'Debug',
  info: 'Info',
  warn: 'Warning',
  error: 'Error',
};

/** One formatter per zone: building one costs far more than using it, and a long log formats thousands of times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      ...(timeZone !== undefined && { timeZone }),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...TIME_OF_DAY,
      second: '2-digit',
      fractionalSecondDigits: 3,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateTimeParts(timestamp: number, timeZone: string | undefined) {
  const parts = formatterFor(timeZone).formatToParts(new Date(timestamp));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}.${part('fractionalSecond')}`,
  };
}

/** `2026-11-24 09:14:03.120` in the user's time zone (or the one given): sortable, with the date. */
export function formatLogTime(timestamp: number, timeZone?: string): string {
  const { date, time } = dateTimeParts(timestamp, timeZone);
  return `${date} ${time}`;
}

/** A value as it reads after `key=`: bare when it has no spaces or quotes, JSON otherwise. */
function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

/** The entry's fields as `key=value` pairs, in the order written; '' when it has none. */
export function formatLogFields(fields: LogEntry['fields']): string {
  if (fields === undefined) return '';
  return Object.entries(fields)
    .map(([key, value]) => `${key}=${fieldValue(value)}`)
    .join(' ');
}

/** One entry as a line of text: time, level, message, fields. */
export function formatLogLine(entry: LogEntry, timeZone?: string): string {
  const fields = formatLogFields(entry.fields);
  const level = entry.level.toUpperCase().padEnd(5);
  return `${formatLogTime(entry.timestamp, timeZone)} ${level} ${entry.message}${fields === '' ? '' : ` ${fields}`}`;
}

/**
 * The shown entries (newest first on screen) as the text of a log file: oldest first, as log files read, one line
 * each, ending with a newline.
 */
export function logEntriesText(entries: readonly LogEntry[], timeZone?: string): string {
  if (entries.length === 0) return '';
  return `${[...entries]
    .reverse()
    .map((entry) => formatLogLine(entry, timeZone))
    .join('\n')}\n`;
}

/** `{serviceName}-{kind}-{date}.log`, e.g. `prices-kafka-adapter-k1-2026-11-24.log` (date in the user's zone). */
export function logFileName(
  serviceName: string,
  source: LogViewSource,
  now: number,
  timeZone?: string,
): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');
  const { date } = dateTimeParts(now, timeZone);
  return `${safe(serviceName)}-${safe(logSourceSlug(source))}-${date}.log`;
}
