import { ConversionFailure } from './conversion-error';
import type { Payload } from './payload';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a string payload, or of bytes read as UTF-8 (refused when they are not UTF-8). */
export function textOf(payload: Payload): string {
  if (payload.kind === 'string') return payload.value;
  if (payload.kind === 'bytes') {
    try {
      return utf8.decode(payload.value);
    } catch {
      throw new ConversionFailure('the bytes are not UTF-8 text');
    }
  }
  throw new ConversionFailure(`it takes text, but the value is ${payload.kind}`);
}
