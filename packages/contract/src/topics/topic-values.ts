import type { EventValueType, TopicProperties, TopicType } from './topic.schema';
import { valueTypeOf } from './value-input';
import {
  MAX_JSON_DEPTH,
  hasNonFiniteNumber,
  isJsonTextTooDeep,
  jsonValueDepth,
} from '../common/json-limits';

/**
 * Topic values (DATA-PLANE "Topics"), shared by the runtime (admin API and MQTT publishes) and the web forms.
 * Two representations:
 * - the wire value of the admin API (`topicSchema.value`): JSON topics any JSON value, STRING a string, INT64 an
 *   integer (a string of digits beyond 2^53), DOUBLE a finite number, BINARY base64;
 * - the MQTT payload bytes: JSON text, UTF-8 text, the integer's or number's decimal text, the raw bytes.
 * A TIME_SERIES topic's values (its events) follow its TIME_SERIES_EVENT_VALUE_TYPE.
 * Pure and free of Node.js APIs (TextEncoder, atob and btoa exist in browsers and Node.js alike).
 */
export type ValueCheck = { ok: true } | { ok: false; message: string };
export type EncodeResult = { ok: true; payload: Uint8Array } | { ok: false; message: string };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const INTEGER_TEXT = /^-?\d{1,19}$/;
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder('utf-8');

/** What a value is called in messages: a time series' values are its events. */
function valueName(type: TopicType, valueType: EventValueType): string {
  const article = valueType === 'INT64' ? 'an' : 'a';
  return type === 'TIME_SERIES'
    ? `an event of ${article} ${valueType} time series`
    : `${article} ${valueType} topic`;
}

/** VALIDATE_VALUES="true" makes JSON and STRING topics check their payloads (typed ones always do). */
export function validatesValues(properties: TopicProperties = {}): boolean {
  return properties.VALIDATE_VALUES === 'true';
}

function isInt64Text(text: string): boolean {
  if (!INTEGER_TEXT.test(text)) return false;
  const big = BigInt(text);
  return big >= INT64_MIN && big <= INT64_MAX;
}

/** common/json-limits.ts: every answer carrying the value is serialised by a recursive JSON.stringify. */
function tooDeep(name: string): ValueCheck {
  return {
    ok: false,
    message: `value of ${name} must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
  };
}

function int64Message(name: string): string {
  return `value of ${name} must be a 64-bit integer`;
}

/** Checks a wire value of the admin API against a topic's type (null means "no value" and is checked elsewhere). */
export function checkTopicValue(
  type: TopicType,
  properties: TopicProperties,
  value: unknown,
): ValueCheck {
  const valueType = valueTypeOf(type, properties);
  const name = valueName(type, valueType);
  switch (valueType) {
    case 'JSON':
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
        return { ok: false, message: `value of ${name} must be a JSON value` };
      }
      if (jsonValueDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return tooDeep(name);
      // JSON.stringify would store null in its place (`1e400` parses to Infinity).
      return hasNonFiniteNumber(value)
        ? { ok: false, message: `value of ${name} must hold finite numbers only` }
        : { ok: true };
    case 'STRING':
      return typeof value === 'string'
        ? { ok: true }
        : { ok: false, message: `value of ${name} must be a string` };
    case 'INT64':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return { ok: true };
      if (typeof value === 'string' && isInt64Text(value)) return { ok: true };
      return { ok: false, message: int64Message(name) };
    case 'DOUBLE':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true }
        : { ok: false, message: `value of ${name} must be a finite number` };
    case 'BINARY':
      return typeof value === 'string' && BASE64.test(value)
        ? { ok: true }
        : { ok: false, message: `value of ${name} must be base64` };
  }
}

/** A wire value of the admin API → the MQTT payload, after checkTopicValue. */
export function encodeTopicValue(
  type: TopicType,
  properties: TopicProperties,
  value: unknown,
): EncodeResult {
  const check = checkTopicValue(type, properties, value);
  if (!check.ok) return check;
  switch (valueTypeOf(type, properties)) {
    case 'JSON':
      return { ok: true, payload: encoder.encode(JSON.stringify(value)) };
    case 'STRING':
      return { ok: true, payload: encoder.encode(value as string) };
    case 'INT64':
    case 'DOUBLE':
      return { ok: true, payload: encoder.encode(String(value)) };
    case 'BINARY':
      return { ok: true, payload: fromBase64(value as string) };
  }
}

/**
 * MQTT payload → the wire value of the admin API. Unchanged from the first runtime for the scalar types: a JSON
 * topic's payload that does not parse is returned as text, an INT64 beyond 2^53 as its digits.
 */
export function decodeTopicValue(
  type: TopicType,
  properties: TopicProperties,
  payload: Uint8Array | null,
): unknown {
  if (payload === null) return null;
  const text = () => lenientDecoder.decode(payload);
  switch (valueTypeOf(type, properties)) {
    case 'JSON': {
      const json = text();
      // A value stored before depth was bounded is returned as text: parsed, it would break every answer carrying it.
      if (isJsonTextTooDeep(json)) return json;
      try {
        return JSON.parse(json) as unknown;
      } catch (_error) {
        return json;
      }
    }
    case 'STRING':
      return text();
    case 'INT64': {
      const number = Number(text());
      return Number.isSafeInteger(number) ? number : text();
    }
    case 'DOUBLE': {
      const number = Number(text());
      return Number.isNaN(number) ? text() : number;
    }
    case 'BINARY':
      return toBase64(payload);
  }
}

function utf8(payload: Uint8Array): string | null {
  try {
    return strictDecoder.decode(payload);
  } catch (_error) {
    return null;
  }
}

/**
 * Checks an MQTT PUBLISH payload against its topic. An empty payload removes a topic's value (MQTT 3.1.1 section
 * 3.3.1.3) and is accepted, except on a time series, whose events are never empty. INT64, DOUBLE and time series
 * always check; JSON and STRING only with VALIDATE_VALUES="true" (any bytes otherwise, as MQTT clients expect),
 * except that a JSON value is never nested more than MAX_JSON_DEPTH levels; BINARY takes any bytes.
 */
export function checkPayload(
  type: TopicType,
  properties: TopicProperties,
  payload: Uint8Array,
): ValueCheck {
  const valueType = valueTypeOf(type, properties);
  const name = valueName(type, valueType);
  if (payload.length === 0) {
    return type === 'TIME_SERIES'
      ? { ok: false, message: `${name} must not be empty` }
      : { ok: true };
  }
  const isChecked = type === 'TIME_SERIES' || validatesValues(properties);
  switch (valueType) {
    case 'JSON': {
      // Depth is bounded whether or not values are validated: it protects every reader of the topic.
      if (isJsonTextTooDeep(lenientDecoder.decode(payload))) return tooDeep(name);
      if (!isChecked) return { ok: true };
      const text = utf8(payload);
      if (text === null) return { ok: false, message: `value of ${name} must be UTF-8 JSON text` };
      try {
        JSON.parse(text);
        return { ok: true };
      } catch (_error) {
        return { ok: false, message: `value of ${name} must be JSON text` };
      }
    }
    case 'STRING':
      return !isChecked || utf8(payload) !== null
        ? { ok: true }
        : { ok: false, message: `value of ${name} must be UTF-8 text` };
    case 'INT64': {
      const text = utf8(payload);
      return text !== null && isInt64Text(text)
        ? { ok: true }
        : { ok: false, message: int64Message(name) };
    }
    case 'DOUBLE': {
      const text = utf8(payload);
      return text !== null && DECIMAL_TEXT.test(text) && Number.isFinite(Number(text))
        ? { ok: true }
        : { ok: false, message: `value of ${name} must be the text of a finite number` };
    }
    case 'BINARY':
      return { ok: true };
  }
}

/** Without an explicit type, a value makes a STRING topic when it is a string, else a JSON topic. */
export function typeForValue(value: unknown): TopicType {
  return typeof value === 'string' ? 'STRING' : 'JSON';
}

/** DATA-PLANE "Topics": a topic created by a publish is JSON when the payload is a JSON object or array. */
export function inferTopicType(payload: Uint8Array): TopicType {
  const first = payload.find(
    (byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09,
  );
  if (first !== 0x7b && first !== 0x5b) return 'STRING';
  try {
    const value: unknown = JSON.parse(lenientDecoder.decode(payload));
    return typeof value === 'object' && value !== null ? 'JSON' : 'STRING';
  } catch (_error) {
    return 'STRING';
  }
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and a call has an argument limit.
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}
