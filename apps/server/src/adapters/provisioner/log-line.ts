import type { LogLevel } from '@herald/contract/logs/logs.schema';

/** A collected line, before the collector adds the service and the stream. */
export interface ParsedLogLine {
  at: Date;
  level: LogLevel;
  message: string;
  fields: Record<string, unknown> | null;
}

/** What a line becomes at most (message plus its fields as JSON): one line never floods the store or the screen. */
export const MAX_LOG_LINE_BYTES = 16 * 1024;

/**
 * Fields named like a secret are dropped even though writers promise never to log one (runtime log.ts): a safety
 * net, because a collected log is shown to every member of the workspace.
 */
const SECRET_FIELD = /password|token|secret|authorization/i;

const LEVELS: Record<string, LogLevel> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
  fatal: 'error',
  critical: 'error',
};

/** PostgreSQL's text and jsonb refuse NUL and lone surrogates: replaced, so one odd line never stalls collection. */
// NUL is matched on purpose: PostgreSQL cannot store it.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function cleanText(value: string): string {
  return value.replace(UNSTORABLE, '\uFFFD');
}

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, depth + 1));
  if (value !== null && typeof value === 'object') return cleanFields(value, depth + 1);
  return value;
}

/** The fields without secret-named keys (at any depth), their text made storable. */
export function cleanFields(fields: object, depth = 0): Record<string, unknown> {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(key)) continue;
    // Deeper than this is not a log field a person reads; it is kept as text rather than walked further.
    cleaned[cleanText(key)] = depth > 8 ? '[nested too deep]' : cleanValue(value, depth);
  }
  return cleaned;
}

function levelOf(value: unknown): LogLevel {
  return (typeof value === 'string' && LEVELS[value.toLowerCase()]) || 'info';
}

function timeOf(value: unknown, now: Date): Date {
  if (typeof value !== 'string' && typeof value !== 'number') return now;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? now : at;
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

/** The first `bytes` bytes of `text` (never half a character). */
function cutToBytes(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  // Decoding a cut multi-byte character yields U+FFFD: drop it.
  return buffer
    .subarray(0, Math.max(0, bytes))
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

function cutMarker(originalBytes: number): string {
  return ` …[cut: the line had ${originalBytes} bytes]`;
}

/**
 * One line of a log file: a JSON object `{"time","level","msg",...fields}` (the runtime's and the adapters'
 * format) or any other text (Node's crash output in runtime.out), which keeps `plainLevel` and the time it was read.
 * Blank lines are not lines (null). A line longer than MAX_LOG_LINE_BYTES keeps its time and level, its message is
 * cut with a marker saying how long it was, and its fields are kept only when they still fit.
 */
export function parseLogLine(text: string, plainLevel: LogLevel, now: Date): ParsedLogLine | null {
  const line = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (line.trim() === '') return null;
  const lineBytes = Buffer.byteLength(line, 'utf8');
  let parsed: unknown;
  if (line.trimStart().startsWith('{')) {
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const message =
      lineBytes > MAX_LOG_LINE_BYTES
        ? cutToBytes(line, MAX_LOG_LINE_BYTES - 64) + cutMarker(lineBytes)
        : line;
    return { at: now, level: plainLevel, message: cleanText(message), fields: null };
  }
  const { time, level, msg, ...rest } = parsed as Record<string, unknown>;
  let message = cleanText(messageOf(msg));
  const cleaned = cleanFields(rest);
  let fields: Record<string, unknown> | null = Object.keys(cleaned).length > 0 ? cleaned : null;
  if (lineBytes > MAX_LOG_LINE_BYTES) {
    const fieldBytes = fields ? Buffer.byteLength(JSON.stringify(fields), 'utf8') : 0;
    const messageBytes = Buffer.byteLength(message, 'utf8');
    if (messageBytes + fieldBytes > MAX_LOG_LINE_BYTES) {
      if (fieldBytes > MAX_LOG_LINE_BYTES / 2) fields = null;
      const room = MAX_LOG_LINE_BYTES - 64 - (fields ? fieldBytes : 0);
      if (messageBytes > room) message = cutToBytes(message, room);
      message += cutMarker(lineBytes);
    }
  }
  return { at: timeOf(time, now), level: levelOf(level), message, fields };
}
