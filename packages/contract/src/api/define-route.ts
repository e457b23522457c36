import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone; `user`: any signed-in user (acting on their own data);
 * `workspace` / `service`: a member of the workspace that owns the path's workspaceId / serviceId
 * (others get 404, spec section 6 and ARCHITECTURE "tenant isolation").
 */
export type RouteAccess = 'public' | 'user' | 'workspace' | 'service';

/**
 * One /v3 endpoint: the single source for server registration, validation, the OpenAPI
 * document, the web client's `apiRequest` and typed test handlers (CONVENTIONS section 3).
 * Paths use the spec's `{param}` form.
 */
export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: RouteAccess;
  /** Section 6 permission required on top of membership, when the spec names one. */
  readonly permission?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Success responses by status; errors always use the error envelope. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /**
   * Set for a server-sent events stream: the success schema is then the JSON `data` of one event, and the body is
   * `text/event-stream` that stays open (tests must not wait for its end).
   */
  readonly stream?: 'text/event-stream';
}

export function defineRoute<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

type SuccessStatus<T extends RouteDefinition> = Extract<
  keyof T['responses'],
  200 | 201 | 202 | 204
>;

/** The parsed body of a route's success response. */
export type RouteResponse<T extends RouteDefinition> = z.output<T['responses'][SuccessStatus<T>]>;
export type RouteParams<T extends RouteDefinition> = T['params'] extends z.ZodObject
  ? z.input<T['params']>
  : undefined;
export type RouteQuery<T extends RouteDefinition> = T['query'] extends z.ZodObject
  ? z.input<T['query']>
  : undefined;
export type RouteBody<T extends RouteDefinition> = T['body'] extends z.ZodType
  ? z.input<T['body']>
  : undefined;

/** `/v3/service/{id}` → `/v3/service/:id` (Fastify's syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{param}` placeholders, encoding each value; throws when one is missing. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new Error(`Missing path parameter '${name}' for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
