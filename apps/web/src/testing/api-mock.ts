import type { RouteDefinition } from '@herald/contract/api/define-route';
import type { z } from 'zod';
import { jsonResponse, mockFetch, type RecordedRequest } from './fetch-mock';

type SuccessStatus<R extends RouteDefinition> = Extract<keyof R['responses'], number>;

/** What a handler answers: a typed success body of the route, or any Response (errors). */
export type MockReply<R extends RouteDefinition> =
  | {
      [S in SuccessStatus<R>]: { status: S; body: z.input<R['responses'][S]> };
    }[SuccessStatus<R>]
  | Response;

export interface MockedRequest extends RecordedRequest {
  /** The JSON body, parsed. */
  json: unknown;
  /** The query string, parsed. */
  searchParams: URLSearchParams;
}

export interface MockHandler {
  route: RouteDefinition;
  respond: (request: MockedRequest) => Response | Promise<Response>;
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

function matches(route: RouteDefinition, request: RecordedRequest): boolean {
  const pathname = new URL(request.url, 'http://localhost').pathname;
  return route.method === request.method && pathPattern(route.path).test(pathname);
}

function toResponse(reply: { status: number; body: unknown } | Response): Response {
  if (reply instanceof Response) return reply;
  return reply.status === 204
    ? new Response(null, { status: 204 })
    : jsonResponse(reply.status, reply.body);
}

/**
 * A typed handler for one contract route (CONVENTIONS section 3): the reply's body is checked
 * against the route's response schema at compile time.
 */
export function handle<R extends RouteDefinition>(
  route: R,
  respond: (request: MockedRequest) => MockReply<R> | Promise<MockReply<R>>,
): MockHandler {
  return { route, respond: async (request) => toResponse(await respond(request)) };
}

/** The error envelope of the API (docs/decisions/003-error-envelope.md). */
export function apiErrorResponse(
  status: number,
  message: string,
  extra: { code?: string; issues?: { path: string; message: string }[] } = {},
): Response {
  return jsonResponse(status, {
    code: extra.code ?? 'ERROR',
    message,
    requestId: 'req-test',
    ...(extra.issues ? { issues: extra.issues } : {}),
  });
}

const healthy = handle(
  { method: 'GET', path: '/v3/health', responses: {} } as unknown as RouteDefinition,
  () => jsonResponse(200, { status: 'ok', database: 'ok' }),
);

/**
 * A fetch double answering from typed route handlers; the first matching handler wins. The
 * start-up health check is answered by default; anything unhandled gets the API's 404.
 * `requestsTo(route)` returns what was sent to one route, with the parsed JSON body.
 */
export function mockApi(...handlers: MockHandler[]) {
  const all = [...handlers, healthy];
  const { fetch, requests } = mockFetch((request) => {
    const mocked: MockedRequest = {
      ...request,
      json: request.body === undefined ? undefined : (JSON.parse(request.body) as unknown),
      searchParams: new URL(request.url, 'http://localhost').searchParams,
    };
    const handler = all.find((candidate) => matches(candidate.route, request));
    if (!handler) {
      return apiErrorResponse(404, `Route ${request.method} ${request.url} not found`, {
        code: 'NOT_FOUND',
      });
    }
    return handler.respond(mocked);
  });
  const requestsTo = (route: RouteDefinition) =>
    requests
      .filter((request) => matches(route, request))
      .map((request) => ({
        ...request,
        json: request.body === undefined ? undefined : (JSON.parse(request.body) as unknown),
      }));
  return { fetch, requests, requestsTo };
}
