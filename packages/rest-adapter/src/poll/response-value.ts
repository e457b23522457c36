import { createHash } from 'node:crypto';
import {
  REST_PREVIEW_MAX_BYTES,
  type RestValuePreview,
  type RestValueType,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import { pointInto, type PointerStep } from '@herald/contract/rest-adapters/value-pointer';

/**
 * What a response becomes on its topic (DATA-PLANE "Adapters", issue 28 item 6): the type from Content-Type (a JSON
 * media type → JSON, text/* and XML-ish → STRING, anything else BINARY); a JSON body that does not parse is a
 * failure, never a STRING; the value pointer picks a part of a JSON body (finding nothing is a failure naming
 * where); a pointer on a body that is not JSON is a failure too. Pure.
 */
export function valueTypeOf(contentType: string | null): RestValueType {
  const media = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (media === 'application/json' || media.endsWith('+json')) return 'JSON';
  if (
    media.startsWith('text/') ||
    media === 'application/xml' ||
    media.endsWith('+xml') ||
    media === 'application/javascript' ||
    media === 'application/x-www-form-urlencoded'
  ) {
    return 'STRING';
  }
  return 'BINARY';
}

export type ResponseValue =
  { ok: true; type: RestValueType; bytes: Buffer } | { ok: false; error: string };

export function responseValue(
  body: Buffer,
  contentType: string | null,
  pointer: PointerStep[] | null,
): ResponseValue {
  const type = valueTypeOf(contentType);
  if (type !== 'JSON') {
    if (pointer !== null && pointer.length > 0) {
      return {
        ok: false,
        error: `the value pointer needs a JSON body; the API answered ${contentType ?? 'no Content-Type'}`,
      };
    }
    return { ok: true, type, bytes: body };
  }
  let document: unknown;
  try {
    document = JSON.parse(body.toString('utf8'));
  } catch (error) {
    return {
      ok: false,
      error: `the body is not valid JSON although its Content-Type is ${contentType}: ${(error as Error).message}`,
    };
  }
  if (pointer === null || pointer.length === 0) return { ok: true, type, bytes: body };
  const found = pointInto(document, pointer);
  if (!found.found) {
    return { ok: false, error: `the value pointer found nothing at ${found.missingAt}` };
  }
  return { ok: true, type, bytes: Buffer.from(JSON.stringify(found.value)) };
}

/** The hash that tells an unchanged value (after the pointer) from a new one: type and bytes. */
export const valueHash = (type: RestValueType, bytes: Buffer): string =>
  createHash('sha256').update(type).update('\0').update(bytes).digest('base64url');

/** A value as people read it: text as is (cut on a character boundary), binary as base64, at most 4 KiB. */
export function valuePreview(type: RestValueType, bytes: Buffer): RestValuePreview {
  const truncated = bytes.length > REST_PREVIEW_MAX_BYTES;
  const head = bytes.subarray(0, REST_PREVIEW_MAX_BYTES);
  let preview: string;
  if (type === 'BINARY') {
    // base64 grows by a third: cut the bytes so the text stays within the limit.
    preview = head.subarray(0, Math.floor((REST_PREVIEW_MAX_BYTES / 4) * 3)).toString('base64');
  } else {
    preview = head.toString('utf8');
    // A character cut in two decodes as U+FFFD at the end: drop it.
    if (truncated) preview = preview.replace(/\uFFFD+$/, '');
  }
  return { type, preview, bytes: bytes.length, truncated };
}
