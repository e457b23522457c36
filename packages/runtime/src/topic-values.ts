import type { TopicType } from './policy/session-policy';

/**
 * Topic values on the admin API: JSON topics carry any JSON value, STRING a string, INT64 an integer (a string of
 * digits beyond 2^53), DOUBLE a finite number, BINARY base64. On the wire (MQTT) every value is the payload bytes.
 */
export type EncodeResult = { ok: true; payload: Buffer } | { ok: false; message: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function encodeTopicValue(type: TopicType, value: unknown): EncodeResult {
  switch (type) {
    case 'JSON':
      return { ok: true, payload: Buffer.from(JSON.stringify(value), 'utf8') };
    case 'STRING':
      return typeof value === 'string'
        ? { ok: true, payload: Buffer.from(value, 'utf8') }
        : { ok: false, message: 'value of a STRING topic must be a string' };
    case 'INT64':
      if (typeof value === 'number' && Number.isSafeInteger(value)) {
        return { ok: true, payload: Buffer.from(String(value)) };
      }
      if (typeof value === 'string' && /^-?\d{1,19}$/.test(value)) {
        const big = BigInt(value);
        if (big >= -(2n ** 63n) && big < 2n ** 63n)
          return { ok: true, payload: Buffer.from(value) };
      }
      return { ok: false, message: 'value of an INT64 topic must be a 64-bit integer' };
    case 'DOUBLE':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true, payload: Buffer.from(String(value)) }
        : { ok: false, message: 'value of a DOUBLE topic must be a finite number' };
    case 'BINARY':
      return typeof value === 'string' && value.length % 4 === 0 && BASE64.test(value)
        ? { ok: true, payload: Buffer.from(value, 'base64') }
        : { ok: false, message: 'value of a BINARY topic must be base64' };
  }
}

export function decodeTopicValue(type: TopicType, payload: Buffer | null): unknown {
  if (payload === null) return null;
  const text = () => payload.toString('utf8');
  switch (type) {
    case 'JSON':
      try {
        return JSON.parse(text()) as unknown;
      } catch (_error) {
        return text();
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
      return payload.toString('base64');
  }
}

/** Without an explicit type, a value makes a STRING topic when it is a string, else a JSON topic. */
export function typeForValue(value: unknown): TopicType {
  return typeof value === 'string' ? 'STRING' : 'JSON';
}
