import {
  buildPath,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@herald/contract/api/define-route';
import { errorEnvelopeSchema } from '@herald/contract/api/errors';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { toQueryString, type QueryValue } from './query-string';

export { toQueryString };

/* The options of a call follow the route: params/query/body are required exactly when the
 * route's schemas require them, and forbidden when the route has none (CONVENTIONS section 3). */
type Part<Schema, Value, Key extends string> = Schema extends z.ZodType
  ? object extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value }
  : { [K in Key]?: undefined };

export type ApiRequestOptions<R extends RouteDefinition> = Part<
  R['params'],
  RouteParams<R>,
  'params'
> &
  Part<R['query'], RouteQuery<R>, 'query'> &
  Part<R['body'], RouteBody<R>, 'body'> & {
    signal?: AbortSignal | undefined;
    /**
     * A 401 reloads the page so the app restarts logged out (spec section 4). Set false where a
     * 401 is an expected answer (e.g. asking who the current user is), to avoid a reload loop.
     */
    reloadOnUnauthorized?: boolean;
  };

export type ApiRequestArgs<R extends RouteDefinition> =
  object extends ApiRequestOptions<R>
    ? [options?: ApiRequestOptions<R>]
    : [options: ApiRequestOptions<R>];

export type ApiRequest = <R extends RouteDefinition>(
  route: R,
  ...args: ApiRequestArgs<R>
) => Promise<RouteResponse<R>>;

export interface ApiClientDependencies {
  fetch?: typeof fetch;
  /** Injected in tests; the browser's reload otherwise. */
  reloadPage?: () => void;
}

function successSchema(route: RouteDefinition, status: number): z.ZodType | undefined {
  const byStatus = route.responses[status];
  if (byStatus) return byStatus;
  const firstSuccess = Object.keys(route.responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  return firstSuccess === undefined ? undefined : route.responses[firstSuccess];
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

export function createApiClient(dependencies: ApiClientDependencies = {}): ApiRequest {
  // Resolved per call so a test's stubbed global fetch is picked up.
  const doFetch: typeof fetch = (input, init) =>
    (dependencies.fetch ?? globalThis.fetch)(input, init);
  const reloadPage = dependencies.reloadPage ?? (() => window.location.reload());

  return async function apiRequest<R extends RouteDefinition>(
    route: R,
    ...[options]: ApiRequestArgs<R>
  ): Promise<RouteResponse<R>> {
    const {
      params,
      query,
      body,
      signal,
      reloadOnUnauthorized = true,
    } = (options ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, QueryValue | readonly QueryValue[]>;
      body?: unknown;
      signal?: AbortSignal;
      reloadOnUnauthorized?: boolean;
    };
    const { method } = route;
    const url = buildPath(route.path, params) + toQueryString(query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (signal) init.signal = signal;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, init);
      text = await response.text();
    } catch (error) {
      // Cancellation is not a failure: TanStack Query expects the abort error itself.
      if (isAbort(error, signal)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError({
        status: 0,
        method,
        url,
        serverMessage: `Network error (${reason})`,
        cause: error,
      });
    }

    const parsed = parseJson(text);
    if (!response.ok) {
      const envelope = errorEnvelopeSchema.safeParse(parsed.ok ? parsed.value : undefined);
      // Spec section 4: a 401 reloads the page, so an expired session lands on the login page.
      // Public routes (e.g. a failed login) answer 401 as a plain result and never reload.
      if (response.status === 401 && route.access !== 'public' && reloadOnUnauthorized)
        reloadPage();
      throw new ApiError({
        status: response.status,
        method,
        url,
        serverMessage: envelope.success
          ? envelope.data.message
          : response.statusText || `HTTP ${response.status}`,
        code: envelope.data?.code,
        requestId: envelope.data?.requestId ?? response.headers.get('x-request-id') ?? undefined,
        issues: envelope.data?.issues,
      });
    }

    const schema = successSchema(route, response.status);
    const result = parsed.ok ? schema?.safeParse(parsed.value) : undefined;
    if (!parsed.ok || (result && !result.success)) {
      throw new ApiError({
        status: response.status,
        method,
        url,
        serverMessage: 'The response did not match the API contract',
        code: 'INVALID_RESPONSE',
        requestId: response.headers.get('x-request-id') ?? undefined,
        cause: result?.error,
      });
    }
    return (result ? result.data : parsed.value) as RouteResponse<R>;
  };
}

/** The app's client: global fetch, and a real page reload on 401. */
export const apiRequest: ApiRequest = createApiClient();
