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
import { ERROR_CODES } from '@herald/contract/api/errors';
import { PERMISSIONS, hasPermission } from '@herald/contract/members/permissions';
import type { Permission, Role } from '@herald/contract/members/permissions';
import { EMAIL_NOT_VERIFIED_MESSAGE, mayCallRoute } from '@herald/contract/users/verification-gate';
import type { z } from 'zod';
import { resolveSessionAccess } from '../adapters/identity/session-access.repository';
import type { AccessScope } from '../adapters/identity/session-access.repository';
import { HttpError } from '../lib/http-error';
import type { ServiceRow } from '../modules/service/service.repository';
import { requireSession, scopeOf } from './auth';
import type { ResolvedScope } from './auth';

export const WORKSPACE_NOT_FOUND_MESSAGE =
  'This organisation does not exist or you are not a member.';

export const SERVICE_NOT_FOUND_MESSAGE =
  'This service does not exist or you are not a member of its organisation.';

/** The 403 message of a route whose section 6 permission the member's role lacks. */
export function permissionDeniedMessage(permission: string): string {
  return `Your role in this organisation does not allow this (it needs the '${permission}' permission).`;
}

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
  interface FastifyRequest {
    /** The caller's roles in the path's workspace, set by the `workspace` guard; null on other routes. */
    workspaceRoles: Role[] | null;
    /** The path's service (not cancelled), set by the `service` guard; null on other routes. */
    service: ServiceRow | null;
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

function isSameScope(resolved: ResolvedScope, scope: AccessScope): boolean {
  if (resolved.kind === 'workspace' && scope.kind === 'workspace') {
    return resolved.workspaceId === scope.workspaceId;
  }
  if (resolved.kind === 'service' && scope.kind === 'service') {
    return resolved.serviceId === scope.serviceId;
  }
  return resolved.kind === scope.kind;
}

/**
 * The caller's roles (and the service) for the route's scope: normally what the auth plugin read with the session
 * in the same query; read again only if that was for another scope (never on routes of registerRoute).
 */
async function accessOf(
  request: FastifyRequest,
): Promise<Pick<ResolvedScope, 'roles' | 'service'>> {
  const session = requireSession(request);
  const scope = scopeOf(request);
  if (request.resolvedScope && isSameScope(request.resolvedScope, scope)) {
    return request.resolvedScope;
  }
  const access = await resolveSessionAccess(request.server.db, session.token, scope);
  return access ?? { roles: [], service: null };
}

/**
 * `workspace`: the session user must be a member of the path's workspace, else 404 (a non-member must not learn
 * that the workspace exists, docs/decisions/009); the member's roles go to `request.workspaceRoles`; a route's
 * section 6 `permission` then needs `hasPermission`, else 403. It runs at onRequest, on the raw path parameter, so
 * a non-member gets 404 whatever the rest of the request holds. The membership was read with the session
 * (docs/decisions/015).
 */
function workspaceGuard(permission: Permission | undefined): onRequestHookHandler {
  return async (request) => {
    const { roles } = await accessOf(request);
    if (roles.length === 0) {
      throw new HttpError(404, ERROR_CODES.notFound, WORKSPACE_NOT_FOUND_MESSAGE);
    }
    if (permission !== undefined && !hasPermission(roles, permission)) {
      throw new HttpError(403, ERROR_CODES.forbidden, permissionDeniedMessage(permission));
    }
    request.workspaceRoles = roles;
  };
}

/**
 * `service`: the path's service must exist and not be cancelled, and the session user must be a member of the
 * workspace owning it, else 404 (the same answer either way); a route's section 6 `permission` then needs
 * `hasPermission`, else 403. The service row and the roles go to `request.service` and `request.workspaceRoles`.
 */
function serviceGuard(permission: Permission | undefined): onRequestHookHandler {
  return async (request) => {
    const { roles, service: row } = await accessOf(request);
    if (!row || roles.length === 0) {
      throw new HttpError(404, ERROR_CODES.notFound, SERVICE_NOT_FOUND_MESSAGE);
    }
    if (permission !== undefined && !hasPermission(roles, permission)) {
      throw new HttpError(403, ERROR_CODES.forbidden, permissionDeniedMessage(permission));
    }
    request.workspaceRoles = roles;
    request.service = row;
  };
}

/**
 * Spec section 4 on the server: an account whose e-mail is not verified may call only the contract's allow-list
 * (docs/decisions/035). It runs before membership, so the answer is the same whatever the path names.
 */
function verificationGuard(operationId: string, definition: RouteDefinition): onRequestHookHandler {
  return async (request) => {
    const session = requireSession(request);
    const { access } = definition;
    if (!mayCallRoute({ operationId, access, emailVerified: session.user.emailVerified })) {
      throw new HttpError(403, ERROR_CODES.emailNotVerified, EMAIL_NOT_VERIFIED_MESSAGE);
    }
  };
}

function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The checks each access level puts in front of a handler (after the auth plugin resolved `request.session`): every
 * signed-in level first needs a verified e-mail unless the contract's allow-list names the route
 * (verificationGuard); `service` is then membership of the workspace owning the path's service (serviceGuard).
 */
function guardOf(
  operationId: string,
  definition: RouteDefinition,
): onRequestHookHandler[] | null | undefined {
  switch (definition.access) {
    case 'public':
      return null;
    case 'user':
      return [verificationGuard(operationId, definition)];
    case 'workspace':
    case 'service': {
      const { permission } = definition;
      if (permission !== undefined && !isPermission(permission)) {
        throw new Error(`${operationId}: unknown permission '${permission}'`);
      }
      return [
        verificationGuard(operationId, definition),
        definition.access === 'workspace' ? workspaceGuard(permission) : serviceGuard(permission),
      ];
    }
  }
}

/** For handlers of `workspace` routes: the roles the guard found. */
export function workspaceRolesOf(request: FastifyRequest): Role[] {
  if (!request.workspaceRoles) throw new Error('workspaceRolesOf used outside a workspace route');
  return request.workspaceRoles;
}

/** For handlers of `service` routes: the service the guard found. */
export function serviceOf(request: FastifyRequest): ServiceRow {
  if (!request.service) throw new Error('serviceOf used outside a service route');
  return request.service;
}

/** A stream's success schema describes one event of the `text/event-stream` body (OpenAPI `content`). */
function streamResponses(definition: RouteDefinition): Record<number, unknown> {
  return Object.fromEntries(
    Object.entries(definition.responses).map(([status, schema]) => [
      status,
      { content: { [definition.stream ?? 'text/event-stream']: { schema } } },
    ]),
  );
}

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
  const guard = guardOf(operationId, definition);
  if (guard === undefined) {
    throw new Error(
      `${operationId}: access '${definition.access}' has no guard yet (route-registry guardOf)`,
    );
  }
  const sessionScope =
    definition.access === 'workspace' || definition.access === 'service'
      ? definition.access
      : undefined;
  app.route({
    ...routeOptions,
    ...(guard && { onRequest: guard }),
    ...(sessionScope && { config: { sessionScope } }),
    method: definition.method,
    url: toFastifyPath(definition.path),
    schema: {
      operationId,
      summary: definition.summary,
      tags: [...definition.tags],
      ...(definition.params && { params: definition.params }),
      ...(definition.query && { querystring: definition.query }),
      ...(definition.body && { body: definition.body }),
      response: definition.stream ? streamResponses(definition) : definition.responses,
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
