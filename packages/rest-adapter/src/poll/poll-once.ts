import { performance } from 'node:perf_hooks';
import type { AllowedHost } from '@herald/contract/rest-adapters/allowed-hosts';
import type {
  RestPollResult,
  RestProcessApi,
  RestValueType,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import type { PointerStep } from '@herald/contract/rest-adapters/value-pointer';
import { retryAfterMs } from './backoff';
import { httpGet } from './http-get';
import { maskedUrl, requestHeaders, validatorsOf, type Validators } from './request-plan';
import { responseValue, valueHash, valuePreview, valueTypeOf } from './response-value';

/**
 * One poll of one endpoint (docs/decisions/051), the same for the schedule, "Poll now" and the preview: the GET
 * (conditional when the API gave validators), the status judged (304 unchanged; not 2xx a failure, with Retry-After
 * kept for 429 and 503), the value made (type, pointer), compared with the last one by hash, and published when it
 * changed and a publisher is given (none for a preview, whose success reads `published` outcome, `published: false`:
 * the value it would publish). Answers the result the routes show and what the schedule keeps.
 */
export interface PollLimits {
  allowedHosts: readonly AllowedHost[];
  timeoutMs: number;
  maxBodyBytes: number;
}

export interface PollRequest {
  apiId: string;
  endpointId: string | null;
  api: Pick<RestProcessApi, 'headers' | 'authentication'>;
  url: string;
  topicPath: string;
  pointer: { steps: PointerStep[] } | { error: string } | null;
  /** Settings that cannot be polled (a base URL that is no URL): the poll fails with this, sending nothing. */
  settingsError?: string | null;
  previous: { validators: Validators; hash: string | null } | null;
  publish: ((type: RestValueType, bytes: Buffer) => Promise<void>) | null;
}

export interface PollDone {
  result: RestPollResult;
  /** What the next poll sends and compares with (unchanged after a failure). */
  validators: Validators;
  hash: string | null;
  /** Set for a failure of the API (backoff applies), not for one of publishing (the API was fine). */
  apiFailure: boolean;
  retryAfterMs: number | null;
  bytesReceived: number;
}

const NO_VALIDATORS: Validators = { etag: null, lastModified: null };

export async function pollOnce(request: PollRequest, limits: PollLimits): Promise<PollDone> {
  const at = Date.now();
  const started = performance.now();
  const shownUrl = maskedUrl(request.url);
  const previous = request.previous ?? { validators: NO_VALIDATORS, hash: null };
  const base = {
    apiId: request.apiId,
    endpointId: request.endpointId,
    url: shownUrl,
    topicPath: request.topicPath,
    at,
  };
  const done = (
    fields: Partial<RestPollResult> & Pick<RestPollResult, 'outcome'>,
    keep: Partial<PollDone> = {},
  ): PollDone => ({
    result: {
      ...base,
      status: null,
      contentType: null,
      body: null,
      value: null,
      published: false,
      error: null,
      durationMs: Math.round(performance.now() - started),
      ...fields,
    },
    validators: previous.validators,
    hash: previous.hash,
    apiFailure: fields.outcome === 'failed',
    retryAfterMs: null,
    bytesReceived: 0,
    ...keep,
  });

  if (request.settingsError) return done({ outcome: 'failed', error: request.settingsError });
  if (request.pointer !== null && 'error' in request.pointer) {
    return done({
      outcome: 'failed',
      error: `The value pointer is not valid: ${request.pointer.error}`,
    });
  }
  const steps = request.pointer?.steps ?? null;
  const got = await httpGet({
    url: request.url,
    headers: requestHeaders(request.api, request.previous?.validators ?? null),
    allowedHosts: limits.allowedHosts,
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxBodyBytes,
  });
  if (!got.ok) return done({ outcome: 'failed', status: got.status, error: got.error });
  const contentType = (got.headers['content-type'] as string | undefined) ?? null;
  const received = { status: got.status, contentType };
  const bytesReceived = got.body.length;
  if (got.status === 304 && request.previous !== null) {
    return done({ outcome: 'unchanged', ...received }, { bytesReceived });
  }
  if (got.status < 200 || got.status >= 300) {
    const retryAfter =
      got.status === 429 || got.status === 503
        ? retryAfterMs(got.headers['retry-after'] as string | undefined, Date.now())
        : null;
    const error = `GET ${shownUrl} answered ${got.status}${got.statusText ? ` ${got.statusText}` : ''}`;
    return done(
      { outcome: 'failed', ...received, error },
      { retryAfterMs: retryAfter, bytesReceived },
    );
  }
  const body = valuePreview(valueTypeOf(contentType), got.body);
  const value = responseValue(got.body, contentType, steps);
  if (!value.ok) {
    return done(
      { outcome: 'failed', ...received, body, error: `GET ${shownUrl}: ${value.error}` },
      { bytesReceived },
    );
  }
  const shown = valuePreview(value.type, value.bytes);
  const hash = valueHash(value.type, value.bytes);
  const validators = validatorsOf(got.headers);
  const answered = { ...received, body, value: shown };
  if (request.publish === null) {
    return done({ outcome: 'published', ...answered }, { bytesReceived });
  }
  if (hash === previous.hash) {
    return done({ outcome: 'unchanged', ...answered }, { validators, hash, bytesReceived });
  }
  try {
    await request.publish(value.type, value.bytes);
  } catch (error) {
    // The validators and hash stay the old ones: the next poll fetches and publishes this value again.
    return done(
      {
        outcome: 'failed',
        ...answered,
        error: `Publishing to topic "${request.topicPath}" failed: ${(error as Error).message}`,
      },
      { apiFailure: false, bytesReceived },
    );
  }
  return done(
    { outcome: 'published', ...answered, published: true },
    { validators, hash, bytesReceived },
  );
}
