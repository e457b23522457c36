import { ConversionFailure, messageOf } from './conversion-error';
import type { JsonValue, Payload } from './payload';
import { textOf } from './text-payload';

/**
 * `$Object_to_JSON`: any deserialised value as JSON. Text becomes a JSON string, a number stays a number, a long
 * stays a number while JavaScript holds it exactly and otherwise becomes its digits as a string (a reader would
 * round it), bytes become a base64 string.
 */
export function objectToJson(payload: Payload): Payload {
  switch (payload.kind) {
    case 'json':
      return payload;
    case 'string':
      return { kind: 'json', value: payload.value };
    case 'number':
      if (!Number.isFinite(payload.value)) {
        throw new ConversionFailure(`the number ${payload.value} has no JSON form`);
      }
      return { kind: 'json', value: payload.value };
    case 'long': {
      const asNumber = Number(payload.value);
      return {
        kind: 'json',
        value: Number.isSafeInteger(asNumber) ? asNumber : payload.value.toString(),
      };
    }
    case 'bytes':
      return { kind: 'json', value: Buffer.from(payload.value).toString('base64') };
  }
}

/** `$JSON_to_String`: a JSON value as its text. */
export function jsonToString(payload: Payload): Payload {
  if (payload.kind !== 'json') {
    throw new ConversionFailure(`it takes JSON, but the value is ${payload.kind}`);
  }
  return { kind: 'string', value: JSON.stringify(payload.value) };
}

/** `$String_to_JSON`: text (or UTF-8 bytes) parsed as JSON. */
export function stringToJson(payload: Payload): Payload {
  const text = textOf(payload);
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new ConversionFailure(`the text is not JSON (${messageOf(error)})`);
  }
  return { kind: 'json', value };
}
