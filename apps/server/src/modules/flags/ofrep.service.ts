import { createHash } from 'node:crypto';
import { ErrorCode } from '@openfeature/server-sdk';
import type { Client, EvaluationDetails } from '@openfeature/server-sdk';
import type { OfrepFailure, OfrepSuccess } from './ofrep-routes';

export type OfrepResult =
  { ok: true; body: OfrepSuccess } | { ok: false; body: OfrepFailure & { key: string } };

/** Evaluates one boolean flag through OpenFeature and states the outcome in OFREP's words. */
export async function evaluateFlag(
  client: Client,
  key: string,
  targetingKey: string | undefined,
): Promise<OfrepResult> {
  const details = await client.getBooleanDetails(
    key,
    false,
    targetingKey === undefined ? {} : { targetingKey },
  );
  return toOfrep(details);
}

function toOfrep(details: EvaluationDetails<boolean>): OfrepResult {
  if (details.errorCode) {
    return {
      ok: false,
      body: {
        key: details.flagKey,
        errorCode:
          details.errorCode === ErrorCode.PROVIDER_NOT_READY ||
          details.errorCode === ErrorCode.PROVIDER_FATAL
            ? 'GENERAL'
            : details.errorCode,
        errorDetails: details.errorMessage ?? details.errorCode,
      },
    };
  }
  return {
    ok: true,
    body: {
      key: details.flagKey,
      value: details.value,
      reason: details.reason ?? 'UNKNOWN',
      variant: details.variant ?? String(details.value),
      metadata: { ...details.flagMetadata },
    },
  };
}

/** A strong validator of a bulk answer: equal bodies, equal tags. */
export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 section 13.1.2: weak comparison, `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
