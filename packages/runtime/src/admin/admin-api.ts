import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { SessionRights } from '@herald/contract/security/mqtt-rights';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Logger } from '../observability/log';
import { renderMetrics, type RuntimeCounters } from '../observability/metrics';
import {
  canPushRevocations,
  isRevokedDashboardSession,
  type SessionIdentity,
} from '../policy/session-policy';
import { revocationsToApply } from '../policy/revocations';
import type { DurableState } from '../state/durable-state';
import { HttpError, badRequest, decodePath, parseBody, readJson, send } from './admin-http';
import { requireGlobal } from './admin-access';
import { createExplainRoute } from './admin-explain';
import { createSecurityRoutes, type Caller, type SecurityAdminContext } from './admin-security';
import { createTopicRoutes, type TopicAdminContext } from './admin-topics';

/** What the admin API reads and changes; runtime.ts provides it. */
export interface AdminContext extends TopicAdminContext, SecurityAdminContext {
  serviceId: string;
  serviceName: string;
  version: string;
  topicsCapacity: number;
  startedAt: number;
  state: DurableState;
  logger: Logger;
  counters: RuntimeCounters;
  verifyToken: TokenVerifier;
  sessions: () => { clientId: string; principal: string; transport: string; connectedAt: string }[];
  /** Disconnects sessions that may no longer stay (older tokens, revoked dashboard tokens). */
  disconnect: (shouldGo: (identity: SessionIdentity) => boolean) => number;
  /** A bearer secret that reads GET /metrics only (process/config.ts HERALD_METRICS_TOKEN); unset: none. */
  metricsToken?: string;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Whether the request carries the metrics-only secret. Both sides are hashed first so the comparison takes the
 * same time whatever the length or content of the guess (timingSafeEqual needs equal lengths).
 */
function hasMetricsToken(request: IncomingMessage, expectedDigest: Buffer | null): boolean {
  if (expectedDigest === null) return false;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), expectedDigest);
}

const credentialsBodySchema = z.object({ credentialVersion: z.number().int().nonnegative() });
const revocationsBodySchema = z.object({
  revocations: z
    .array(
      z.object({
        customerId: z.string().min(1).max(200),
        notBefore: z.number().int().nonnegative(),
      }),
    )
    .max(10_000),
});

/** The HTTP handler of the admin API, `/metrics` and `/health` (not the WebSocket upgrade). */
export function createAdminHandler(context: AdminContext) {
  const { state } = context;
  const topics = createTopicRoutes(context);
  const security = createSecurityRoutes(context);
  const explain = createExplainRoute(state);
  const metricsTokenDigest = context.metricsToken ? digest(context.metricsToken) : null;

  function sendMetrics(response: ServerResponse) {
    const text = renderMetrics(
      context.serviceName,
      { sessions: context.sessions().length, topics: state.topics.size },
      context.counters,
    );
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
    response.end(text);
  }

  /**
   * The caller's identity from its token, and its rights by the security model against the store as it is now
   * (docs/decisions/021): each route then requires the permission it needs (admin-access.ts).
   */
  async function authorize(request: IncomingMessage): Promise<Caller> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match === null) {
      throw new HttpError(401, ERROR_CODES.unauthorized, 'a Bearer token is required');
    }
    const decision = await context.verifyToken(match[1] ?? '');
    if (!decision.ok) {
      context.logger.warn('admin authentication failed', { reason: decision.reason });
      throw new HttpError(401, ERROR_CODES.unauthorized, 'the token is not valid for this service');
    }
    const { identity } = decision;
    return { identity, rights: new SessionRights(state.securityModel(), identity.roles) };
  }

  async function putCredentials(request: IncomingMessage, response: ServerResponse) {
    const { credentialVersion } = parseBody(credentialsBodySchema, await readJson(request));
    if (credentialVersion < state.credentialVersion) {
      throw badRequest(
        `body.credentialVersion: must not be lower than the current ${state.credentialVersion}`,
      );
    }
    await state.commitAsync({ op: 'credentialVersion', value: credentialVersion });
    const disconnected = context.disconnect(
      (identity) =>
        identity.credentialVersion !== null && identity.credentialVersion < credentialVersion,
    );
    context.logger.info('credential version raised', { credentialVersion, disconnected });
    send(response, 200, { credentialVersion, disconnected });
  }

  /**
   * Members' dashboard tokens issued at or before each `notBefore` are refused from now on, and their live
   * sessions close (the dashboard reconnects with a fresh token carrying the member's current role). Durable
   * before the answer, like every admin write; pushing the same list again changes nothing.
   */
  async function putRevocations(
    identity: SessionIdentity,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    if (!canPushRevocations(identity)) {
      throw new HttpError(403, ERROR_CODES.forbidden, 'only the control plane may revoke access');
    }
    const { revocations } = parseBody(revocationsBodySchema, await readJson(request));
    const applied = revocationsToApply(state.dashboardRevocations, revocations, Date.now());
    await Promise.all(
      applied.map((revocation) => state.commitAsync({ op: 'dashboardRevocation', ...revocation })),
    );
    // Every session whose token the revocations now refuse, including ones an earlier push should have closed.
    const disconnected = context.disconnect((session) =>
      revocations.some((revocation) =>
        isRevokedDashboardSession(
          session,
          revocation.customerId,
          state.dashboardRevocations.get(revocation.customerId) ?? revocation.notBefore,
        ),
      ),
    );
    if (applied.length > 0 || disconnected > 0) {
      context.logger.info('dashboard access revoked', {
        members: applied.length,
        disconnected,
      });
    }
    send(response, 200, { applied: applied.length, disconnected });
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://runtime');
    const method = request.method ?? 'GET';
    const pathname = url.pathname;

    if (pathname === '/health' && method === 'GET') {
      send(response, 200, { status: 'ok' });
      return;
    }
    if (pathname !== '/metrics' && pathname !== '/admin' && !pathname.startsWith('/admin/')) {
      throw new HttpError(404, ERROR_CODES.notFound, `no route ${method} ${pathname}`);
    }
    // A Prometheus server's secret reads the metrics and nothing else: anywhere else it is just an invalid token.
    if (
      pathname === '/metrics' &&
      method === 'GET' &&
      hasMetricsToken(request, metricsTokenDigest)
    ) {
      sendMetrics(response);
      return;
    }
    const caller = await authorize(request);
    const { identity, rights } = caller;

    if (pathname === '/metrics' && method === 'GET') {
      requireGlobal(rights, 'VIEW_SERVER');
      sendMetrics(response);
      return;
    }
    if (pathname === '/admin/server' && method === 'GET') {
      requireGlobal(rights, 'VIEW_SERVER');
      send(response, 200, {
        serviceId: context.serviceId,
        serviceName: context.serviceName,
        version: context.version,
        // With serviceId, proves to a control plane re-attaching after a crash which process answers on this port.
        pid: process.pid,
        uptimeSeconds: Math.floor((Date.now() - context.startedAt) / 1000),
        sessions: context.sessions().length,
        topics: state.topics.size,
        topicsCapacity: context.topicsCapacity,
      });
      return;
    }
    if (pathname === '/admin/sessions' && method === 'GET') {
      requireGlobal(rights, 'VIEW_SESSION');
      send(response, 200, context.sessions());
      return;
    }
    if (pathname === '/admin/topics') {
      if (method === 'GET') return topics.listTopics(rights, url, response);
      if (method === 'DELETE') return topics.deleteTopics(rights, url, response);
    }
    // The control plane's form: the path in the query, where `.` and `..` segments survive (a URL path resolves them).
    if (pathname === '/admin/topic') {
      const path = url.searchParams.get('path');
      if (path === null) throw badRequest('query.path: a topic path is required');
      if (method === 'PUT') return topics.putTopic(rights, path, request, response);
      if (method === 'GET') return topics.getTopic(rights, path, response);
    }
    if (pathname.startsWith('/admin/topics/')) {
      const path = decodePath(pathname.slice('/admin/topics/'.length));
      if (method === 'PUT') return topics.putTopic(rights, path, request, response);
      if (method === 'GET') return topics.getTopic(rights, path, response);
    }
    if (method === 'GET') {
      if (pathname === '/admin/topic-tree') return topics.topicTree(rights, url, response);
      if (pathname === '/admin/topic-count') return topics.topicCount(rights, url, response);
      if (pathname === '/admin/time-series') return topics.timeSeries(rights, url, response);
    }
    if (pathname === '/admin/credentials' && method === 'PUT') {
      requireGlobal(rights, 'CONTROL_SERVER');
      return putCredentials(request, response);
    }
    if (pathname === '/admin/dashboard-revocations' && method === 'PUT')
      return putRevocations(identity, request, response);
    if (pathname.startsWith('/admin/security') || pathname.startsWith('/admin/authentication')) {
      return routeSecurity(caller, method, pathname, url, request, response);
    }
    // The principals alone, as before the authentication store had more (GET /admin/authentication has all).
    if (pathname === '/admin/principals' && method === 'GET') {
      requireGlobal(rights, 'VIEW_SECURITY');
      send(
        response,
        200,
        [...state.principals.values()]
          .map((principal) => ({ name: principal.name, roles: principal.assignedRoles }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      );
      return;
    }
    if (pathname.startsWith('/admin/principals/')) {
      const name = decodePath(pathname.slice('/admin/principals/'.length));
      if (name.endsWith('/password') && method === 'PUT') {
        return security.putPrincipalPassword(
          caller,
          name.slice(0, -'/password'.length),
          request,
          response,
        );
      }
      if (method === 'PUT') return security.putPrincipal(caller, name, request, response);
      if (method === 'DELETE') return security.deletePrincipal(caller, name, response);
    }
    throw new HttpError(404, ERROR_CODES.notFound, `no route ${method} ${pathname}`);
  }

  /** `/admin/security…` and `/admin/authentication…` (admin-security.ts, admin-explain.ts). */
  async function routeSecurity(
    caller: Caller,
    method: string,
    pathname: string,
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (method === 'GET') {
      if (pathname === '/admin/security') return security.getSecurity(caller, response);
      if (pathname === '/admin/security/explain') return explain(caller, url, response);
      if (pathname === '/admin/authentication') return security.getAuthentication(caller, response);
    }
    if (pathname.startsWith('/admin/security/roles/')) {
      const name = decodePath(pathname.slice('/admin/security/roles/'.length));
      if (method === 'PUT') return security.putRole(caller, name, request, response);
      if (method === 'DELETE') return security.deleteRole(caller, name, response);
    }
    if (method === 'PUT') {
      if (pathname === '/admin/security/default-roles') {
        return security.putDefaultRoles(caller, request, response);
      }
      if (pathname === '/admin/security/isolated-paths') {
        return security.putIsolatedPaths(caller, request, response);
      }
      if (pathname === '/admin/authentication/anonymous') {
        return security.putAnonymousAction(caller, request, response);
      }
      if (pathname === '/admin/authentication/trusted-properties') {
        return security.putTrustedProperties(caller, request, response);
      }
    }
    throw new HttpError(404, ERROR_CODES.notFound, `no route ${method} ${pathname}`);
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    route(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (error instanceof HttpError) {
        send(response, error.status, { code: error.code, message: error.message });
        return;
      }
      context.logger.error('admin request failed', { url: request.url, error: String(error) });
      send(response, 500, { code: ERROR_CODES.internal, message: 'internal error' });
    });
  };
}
