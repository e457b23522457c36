import cookie from '@fastify/cookie';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_NAME } from '@herald/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IdentityPort } from '../adapters/identity/identity-port';
import {
  findSessionTokenById,
  resolveSessionAccess,
} from '../adapters/identity/session-access.repository';
import type {
  AccessScope,
  SessionAccess,
  SessionUser,
} from '../adapters/identity/session-access.repository';
import type { Config } from '../config';
import { HttpError } from '../lib/http-error';
import { isApiPath } from './error-handler';

/** The signed-in caller of a request, resolved once per request from the auth cookie or the Bearer token. */
export interface RequestSession {
  userId: string;
  /** The session token (a secret: never log it), also when the caller presented User.accessToken. */
  token: string;
  /** The session's row id (not a secret): User.accessToken names its session by it. */
  sessionId: string;
  expiresAt: Date;
  /** The user as the identity knows it, read with the session (handlers need not read it again). */
  user: SessionUser;
}

/** The route's workspace or service, checked with the session in the same query (see scopeOf). */
export type ResolvedScope = AccessScope & Pick<SessionAccess, 'roles' | 'service'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity port (src/adapters/identity). */
    identity: IdentityPort;
  }
  interface FastifyRequest {
    /** Null when the request carries no valid session. Resolved for API paths only. */
    session: RequestSession | null;
    /** The caller's roles in the route's workspace (or the service's), resolved with the session; else null. */
    resolvedScope: ResolvedScope | null;
  }
  interface FastifyContextConfig {
    /** Set by registerRoute on `workspace` and `service` routes: which path parameter the session query checks. */
    sessionScope?: 'workspace' | 'service';
  }
}

export const UNAUTHORIZED_MESSAGE = 'You are not signed in, or your session has expired.';

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE =
  'Unsupported content type: send JSON with Content-Type: application/json.';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a session token can look like; anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/**
 * What a workspace or service id can look like (ours are 12 hex characters); anything else cannot exist, so it is
 * not looked up (a NUL or a lone surrogate would make the database refuse the query).
 */
const ID_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** The route's workspace or service, from the raw path parameter (this runs before the params are validated). */
export function scopeOf(request: FastifyRequest): AccessScope {
  const kind = request.routeOptions.config?.sessionScope;
  const params = request.params as { workspaceId?: unknown; serviceId?: unknown } | undefined;
  const id = kind === 'workspace' ? params?.workspaceId : params?.serviceId;
  if (kind === undefined || typeof id !== 'string' || !ID_PATTERN.test(id)) return { kind: 'none' };
  return kind === 'workspace' ? { kind, workspaceId: id } : { kind, serviceId: id };
}

export function authCookieOptions(config: Pick<Config, 'publicUrl'>): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
  };
}

export function setAuthCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(AUTH_COOKIE_NAME, token, authCookieOptions(config));
}

export function clearAuthCookie(reply: FastifyReply, config: Config): void {
  const { maxAge: _maxAge, ...options } = authCookieOptions(config);
  reply.clearCookie(AUTH_COOKIE_NAME, options);
}

/** The session token of a request: `Authorization: Bearer <token>` first, else the `auth` cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined && /^bearer /i.test(authorization)) {
    return authorization.slice(7).trim();
  }
  return request.cookies[AUTH_COOKIE_NAME];
}

/** A compact JWS (RFC 7515 section 7.1): three base64url parts, the header a JSON object. */
const JWT_PATTERN = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_JWT_LENGTH = 16 * 1024;

/**
 * The session token a Bearer credential stands for. Two credentials name a session (spec section 7: "The auth
 * token is sent as a Bearer header"): the login's `accessToken` (the session token itself, also the cookie's
 * value) and User.accessToken (the dashboard token GET /v3/user hands out, which names its session by `sid`). The
 * second resolves to the first, so both are refused exactly when the cookie is: logout, password change, expiry.
 */
async function sessionTokenFor(
  app: FastifyInstance,
  presented: string,
): Promise<string | undefined> {
  if (presented.length > MAX_JWT_LENGTH || !JWT_PATTERN.test(presented)) return presented;
  const claims = await app.tokens.verifySessionDashboardToken(presented);
  if (!claims) return undefined;
  const token = await findSessionTokenById(app.db, claims.sessionId);
  return token ?? undefined;
}

function isJsonContentType(contentType: string): boolean {
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && Number(length) > 0)
  );
}

/**
 * The OAuth 2.0 token endpoint takes form posts (RFC 6749 section 4.4.2). It reads no cookie and no session (the
 * client authenticates with its own credentials), so a cross-site form post gains nothing there.
 */
const FORM_POST_PATHS = new Set(['/v3/service-api/token']);

function isFormPostAllowed(url: string, contentType: string): boolean {
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase();
  const pathname = url.split('?', 1)[0] ?? '';
  return mediaType === 'application/x-www-form-urlencoded' && FORM_POST_PATHS.has(pathname);
}

function isV3Path(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname === '/v3' || pathname.startsWith('/v3/');
}

/**
 * Sessions and the CSRF defence (docs/decisions/007-identity.md):
 * - every API request's session is resolved once, from the Bearer token or the `auth` cookie, into
 *   `request.session`; route access (`user`) is enforced by registerRoute;
 * - a state-changing /v3 request must be JSON (`Content-Type: application/json`) or carry no body and no content
 *   type. An HTML form (or a no-cors fetch) can only send urlencoded, multipart or text/plain, so a cross-site form
 *   post is refused with 415 before anything runs, whatever the browser does with the SameSite=Strict cookie.
 */
async function authPlugin(
  app: FastifyInstance,
  options: { config: Config; identity: IdentityPort },
): Promise<void> {
  await app.register(cookie);
  app.decorate('identity', options.identity);
  app.decorateRequest('session', null);
  app.decorateRequest('resolvedScope', null);

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method) || !isV3Path(request.url)) return;
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && isFormPostAllowed(request.url, contentType)) return;
    const acceptable =
      contentType === undefined ? !hasBody(request) : isJsonContentType(contentType);
    if (!acceptable) {
      throw new HttpError(415, ERROR_CODES.unsupportedMediaType, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    const presented = sessionTokenOf(request);
    if (presented === undefined) return;
    const token = await sessionTokenFor(app, presented);
    if (token === undefined || !TOKEN_PATTERN.test(token)) return;
    // One indexed query for the session, its user and, on workspace and service routes, the membership
    // (docs/decisions/015). On the embedded database it is cached until the next write of any kind, so a logout,
    // a deleted account or a removed member still counts on the next request.
    const scope = scopeOf(request);
    const access = await resolveSessionAccess(app.db, token, scope);
    if (!access) return;
    request.session = {
      userId: access.userId,
      token: access.token,
      sessionId: access.sessionId,
      expiresAt: access.expiresAt,
      user: access.user,
    };
    request.resolvedScope = { ...scope, roles: access.roles, service: access.service };
  });
}

export const authSessionPlugin = fp(authPlugin, { name: 'herald-auth' });

/** For handlers of `user` routes: the session registerRoute has already required. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) {
    throw new HttpError(401, ERROR_CODES.unauthorized, UNAUTHORIZED_MESSAGE);
  }
  return request.session;
}
