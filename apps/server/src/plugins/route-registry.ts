import type { RouteAccess, RouteDefinition } from '@herald/contract/api/define-route';
import { toFastifyPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { requireSession } from './auth';

/** What later issues need to know about a live route (the authorization matrix test is generated from these). */
export interface RegisteredRoute {
  readonly operationId: string;
  readonly method: RouteDefinition['method'];
  /** The contract's `{param}` form. */
  readonly path: string;
  readonly access: RouteAccess;
  readonly permission: string | undefined;
  readonly definition: RouteDefinition;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered through registerRoute, i.e. every route that really works. */
    registeredRoutes: RegisteredRoute[];
  }
}

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;
type SuccessStatus<T extends RouteDefinition> = Extract<
  keyof T['responses'],
  200 | 201 | 202 | 204
>;

export type RouteRequest<T extends RouteDefinition> = FastifyRequest<{
  Params: Output<T['params']>;
  Querystring: Output<T['query']>;
  Body: Output<T['body']>;
}>;

/**
 * A thin handler: returns the success body (validated and serialized by the contract's schema), or sends its own
 * reply (a different status, a 304) and returns the reply. Expected failures throw an HttpError.
 */
export type RouteHandler<T extends RouteDefinition> = (
  request: RouteRequest<T>,
  reply: FastifyReply,
) => Promise<z.input<T['responses'][SuccessStatus<T>]> | FastifyReply>;

/** Extra Fastify route options for the rare route that needs them (OFREP's own error format). */
export type ExtraRouteOptions = Pick<
  RouteOptions,
  'attachValidation' | 'errorHandler' | 'bodyLimit'
> & {
  /** Required for routes outside the contract's route table; contract routes use their key in `routes`. */
  operationId?: string;
};

const operationIdByDefinition = new Map<RouteDefinition, string>(
  Object.entries(routes).map(([id, definition]) => [definition as RouteDefinition, id]),
);

/**
 * The check each access level puts in front of a handler (after the auth plugin resolved `request.session`).
 * `workspace` and `service` (membership of the path's workspace / service, others get 404) arrive with the
 * workspace issue: until their guard exists here, registering such a route fails loudly rather than running
 * unguarded.
 */
const ACCESS_GUARDS: Record<RouteAccess, onRequestHookHandler | null | undefined> = {
  public: null,
  user: async (request) => {
    requireSession(request);
  },
  workspace: undefined,
  service: undefined,
};

/**
 * Registers a contract RouteDefinition as a Fastify route, so that validation, serialization and the OpenAPI
 * document all come from the contract's zod schemas (CONVENTIONS section 3).
 */
export function registerRoute<T extends RouteDefinition>(
  app: FastifyInstance,
  definition: T,
  handler: RouteHandler<T>,
  options: ExtraRouteOptions = {},
): void {
  const { operationId: explicitId, ...routeOptions } = options;
  const operationId = explicitId ?? operationIdByDefinition.get(definition);
  if (!operationId) {
    throw new Error(
      `${definition.method} ${definition.path} is not in the contract's routes; pass an operationId`,
    );
  }
  const guard = ACCESS_GUARDS[definition.access];
  if (guard === undefined) {
    throw new Error(
      `${operationId}: access '${definition.access}' has no guard yet (route-registry ACCESS_GUARDS)`,
    );
  }
  app.route({
    ...routeOptions,
    ...(guard && { onRequest: guard }),
    method: definition.method,
    url: toFastifyPath(definition.path),
    schema: {
      operationId,
      summary: definition.summary,
      tags: [...definition.tags],
      ...(definition.params && { params: definition.params }),
      ...(definition.query && { querystring: definition.query }),
      ...(definition.body && { body: definition.body }),
      response: definition.responses,
    },
    handler: handler as unknown as RouteOptions['handler'],
  });
  app.registeredRoutes.push({
    operationId,
    method: definition.method,
    path: definition.path,
    access: definition.access,
    permission: definition.permission,
    definition,
  });
}
