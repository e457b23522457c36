import { findJsonSyntaxError, type JsonSyntaxError } from './json-syntax';
import type { EventValueType, TopicProperties, TopicType } from './topic.schema';

/**
 * Form text → the wire value of the admin API (topic.schema.ts `topicSchema.value`), per topic type: what the
 * topic value editor and the Add topic dialog send. JSON is parsed (a syntax error names its line and column),
 * INT64 is digits within 64 bits (a number when exact in JavaScript, else the digit string), DOUBLE a finite
 * decimal, BINARY base64, STRING the text as typed. A TIME_SERIES topic takes its event value type.
 * The type's own rules (topic-values.ts `checkTopicValue`) still run on the result; this only reads the text.
 */
export type ValueInputResult =
  { ok: true; value: unknown } | { ok: false; message: string; syntaxError?: JsonSyntaxError };

/** The event value type a time series has when TIME_SERIES_EVENT_VALUE_TYPE is not set. */
export const DEFAULT_EVENT_VALUE_TYPE: EventValueType = 'JSON';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const EVENT_VALUE_TYPES: readonly string[] = ['JSON', 'STRING', 'INT64', 'DOUBLE', 'BINARY'];

/** The type whose rules a value follows: the topic's own, or a time series' event value type. */
export function valueTypeOf(type: TopicType, properties: TopicProperties = {}): EventValueType {
  if (type !== 'TIME_SERIES') return type;
  const eventType = properties.TIME_SERIES_EVENT_VALUE_TYPE;
  return eventType !== undefined && EVENT_VALUE_TYPES.includes(eventType)
    ? (eventType as EventValueType)
    : DEFAULT_EVENT_VALUE_TYPE;
}

function parseJson(text: string): ValueInputResult {
  if (text.trim() === '') {
    return { ok: false, message: 'Enter a JSON value, e.g. {"temperature": 21.5}' };
  }
  const syntaxError = findJsonSyntaxError(text);
  if (syntaxError) {
    return {
      ok: false,
      message: `JSON syntax error at line ${syntaxError.line}, column ${syntaxError.column}: ${syntaxError.reason}`,
      syntaxError,
    };
  }
  return { ok: true, value: JSON.parse(text) as unknown };
}

function parseInt64(text: string): ValueInputResult {
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) {
    return { ok: false, message: 'An INT64 value is a whole number, e.g. 42 or -7' };
  }
  const big = BigInt(trimmed);
  if (big < INT64_MIN || big > INT64_MAX) {
    return {
      ok: false,
      message: 'An INT64 value must lie between -9223372036854775808 and 9223372036854775807',
    };
  }
  const asNumber = Number(big);
  // Beyond 2^53 a JavaScript number would round: such values travel as their digits.
  return { ok: true, value: Number.isSafeInteger(asNumber) ? asNumber : big.toString() };
}

function parseDouble(text: string): ValueInputResult {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) {
    return { ok: false, message: 'A DOUBLE value is a decimal number, e.g. 21.5 or -1.2e3' };
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) {
    return { ok: false, message: 'A DOUBLE value must be finite: this number is too large' };
  }
  return { ok: true, value };
}

function parseBinary(text: string): ValueInputResult {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact)) {
    return {
      ok: false,
      message:
        'A BINARY value is base64 (A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters)',
    };
  }
  return { ok: true, value: compact };
}

export function parseValueInput(
  type: TopicType,
  text: string,
  properties: TopicProperties = {},
): ValueInputResult {
  switch (valueTypeOf(type, properties)) {
    case 'JSON':
      return parseJson(text);
    case 'STRING':
      return { ok: true, value: text };
    case 'INT64':
      return parseInt64(text);
    case 'DOUBLE':
      return parseDouble(text);
    case 'BINARY':
      return parseBinary(text);
  }
}

/** A wire value as editable text (the inverse of parseValueInput); '' when there is no value. */
export function formatValueForInput(
  type: TopicType,
  value: unknown,
  properties: TopicProperties = {},
): string {
  if (value === null || value === undefined) return '';
  if (valueTypeOf(type, properties) === 'JSON') return JSON.stringify(value, null, 2);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A one-line example of the text each value type takes, for placeholders. */
export const VALUE_INPUT_EXAMPLES: Record<EventValueType, string> = {
  JSON: '{"temperature": 21.5}',
  STRING: 'Hello',
  INT64: '42',
  DOUBLE: '21.5',
  BINARY: 'SGVsbG8= (base64)',
};
