import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { checkTopicPath, isSysTopic } from '@herald/contract/topics/topic-path';
import { parseTopicSelector, selectorMatches } from '@herald/contract/topics/topic-selector';
import { hashPassword } from './auth/password-hash';
import type { TokenVerifier } from './auth/token-verifier';
import type { Logger } from './log';
import { renderMetrics, type RuntimeCounters } from './metrics';
import {
  BUILT_IN_ROLES,
  TOPIC_TYPES,
  canPushRevocations,
  canUseAdminMethod,
  isRevokedDashboardSession,
  type SessionIdentity,
} from './policy/session-policy';
import { revocationsToApply } from './policy/revocations';
import { topicEntry, type DurableState, type TopicState } from './state/durable-state';
import { decodeTopicValue, encodeTopicValue, typeForValue } from './topic-values';

/** What the admin API reads and changes; runtime.ts provides it. */
export interface AdminContext {
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
  sortedPaths: () => string[];
  onTopicsChanged: () => void;
  /** Delivers a topic's new value to subscribers (null removes the retained value). */
  publishValue: (path: string, value: Buffer | null) => Promise<void>;
  /** Removes the retained value of removed topics. */
  forgetValues: (paths: string[]) => Promise<void>;
  /** Disconnects sessions that may no longer stay (older tokens, removed principals). */
  disconnect: (shouldGo: (identity: SessionIdentity) => boolean) => number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const badRequest = (message: string) => new HttpError(400, ERROR_CODES.badRequest, message);
const MAX_BODY_BYTES = 1024 * 1024;
const PRINCIPAL_NAME = /^[^\s/$][^\s/]{0,127}$/;

const topicBodySchema = z.object({
  type: z.enum(TOPIC_TYPES as [string, ...string[]]).optional(),
  properties: z.record(z.string(), z.string()).optional(),
  value: z.unknown().optional(),
});
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
const principalBodySchema = z.object({
  password: z.string().min(1).max(1024),
  roles: z.array(z.string()),
});

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, ERROR_CODES.payloadTooLarge, 'request body is larger than 1 MiB');
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (_error) {
    throw badRequest('request body is not valid JSON');
  }
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `body${issue.path.length > 0 ? '.' : ''}${issue.path.join('.')}: ${issue.message}`,
    );
    throw badRequest(issues.join('; '));
  }
  return parsed.data;
}

function decodePath(encoded: string): string {
  try {
    return encoded
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch (_error) {
    throw badRequest('path is not valid percent-encoding');
  }
}

function topicView(path: string, topic: TopicState) {
  return {
    path,
    type: topic.type,
    properties: topic.properties,
    value: decodeTopicValue(topic.type, topic.value),
    updatedAt: new Date(topic.updatedAt).toISOString(),
  };
}

function selectorFrom(url: URL) {
  const expression = url.searchParams.get('selector');
  if (expression === null || expression === '') return null;
  const parsed = parseTopicSelector(expression);
  if (!parsed.ok) throw badRequest(`query.selector: ${parsed.message}`);
  return parsed.selector;
}

/** The HTTP handler of the admin API, `/metrics` and `/health` (not the WebSocket upgrade). */
export function createAdminHandler(context: AdminContext) {
  const { state } = context;

  async function authorize(request: IncomingMessage): Promise<SessionIdentity> {
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
    if (!canUseAdminMethod(decision.identity, request.method ?? 'GET')) {
      throw new HttpError(403, ERROR_CODES.forbidden, 'this token may only read');
    }
    return decision.identity;
  }

  function listTopics(url: URL) {
    const selector = selectorFrom(url);
    const limitText = url.searchParams.get('limit');
    const limit = limitText === null ? 100 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      throw badRequest('query.limit: must be an integer from 1 to 1000');
    }
    const after = url.searchParams.get('after');
    const paths = context.sortedPaths();
    let index = 0;
    if (after !== null && after !== '') {
      let low = 0;
      let high = paths.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((paths[middle] ?? '') <= after) low = middle + 1;
        else high = middle;
      }
      index = low;
    }
    const topics: ReturnType<typeof topicView>[] = [];
    let hasMore = false;
    for (; index < paths.length; index += 1) {
      const path = paths[index] ?? '';
      if (selector !== null && !selectorMatches(selector, path)) continue;
      const topic = state.topics.get(path);
      if (topic === undefined) continue;
      if (topics.length === limit) {
        hasMore = true;
        break;
      }
      topics.push(topicView(path, topic));
    }
    return { topics, hasMore };
  }

  async function putTopic(path: string, request: IncomingMessage, response: ServerResponse) {
    const check = checkTopicPath(path);
    if (!check.ok) throw badRequest(`path: ${check.message}`);
    if (isSysTopic(path)) throw badRequest('path: $SYS/ topics are reserved');
    const body = parseBody(topicBodySchema, await readJson(request));
    const existing = state.topics.get(path);
    const hasValue = body.value !== undefined;
    const type = (body.type ??
      existing?.type ??
      (hasValue ? typeForValue(body.value) : 'JSON')) as TopicState['type'];
    if (existing !== undefined && existing.type !== type) {
      throw badRequest(
        `body.type: topic "${path}" is ${existing.type}; remove it to change its type`,
      );
    }
    if (existing === undefined && state.topics.size >= context.topicsCapacity) {
      throw new HttpError(
        409,
        ERROR_CODES.conflict,
        `topics capacity of ${context.topicsCapacity} reached: topic "${path}" was not created`,
      );
    }
    let value = existing?.value ?? null;
    if (hasValue) {
      if (body.value === null) value = null;
      else {
        const encoded = encodeTopicValue(type, body.value);
        if (!encoded.ok) throw badRequest(`body.value: ${encoded.message}`);
        value = encoded.payload;
      }
    }
    const topic: TopicState = {
      type,
      properties: body.properties ?? existing?.properties ?? {},
      value,
      updatedAt: Date.now(),
    };
    // Durable before the 2xx (see state/durable-state.ts).
    await state.commitAsync(topicEntry(path, topic));
    if (existing === undefined) context.onTopicsChanged();
    if (hasValue) await context.publishValue(path, value);
    send(response, existing === undefined ? 201 : 200, topicView(path, topic));
  }

  async function removeTopics(url: URL, response: ServerResponse) {
    const selector = selectorFrom(url);
    const paths = [...state.topics.keys()].filter(
      (path) => selector === null || selectorMatches(selector, path),
    );
    if (paths.length > 0) {
      await state.commitAsync({ op: 'removeTopics', paths });
      context.onTopicsChanged();
      await context.forgetValues(paths);
    }
    send(response, 200, { removed: paths.length });
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

  async function putPrincipal(name: string, request: IncomingMessage, response: ServerResponse) {
    if (!PRINCIPAL_NAME.test(name)) {
      throw badRequest('name: 1 to 128 characters without spaces or /, not starting with $');
    }
    const body = parseBody(principalBodySchema, await readJson(request));
    const unknown = body.roles.filter((role) => !BUILT_IN_ROLES.includes(role));
    if (unknown.length > 0) {
      throw badRequest(
        `body.roles: unknown role ${unknown.join(', ')}; roles are ${BUILT_IN_ROLES.join(', ')}`,
      );
    }
    const existed = state.principals.has(name);
    const passwordHash = await hashPassword(body.password);
    await state.commitAsync({
      op: 'principal',
      principal: { name, passwordHash, assignedRoles: [...new Set(body.roles)] },
    });
    if (existed)
      context.disconnect((identity) => identity.kind === 'password' && identity.principal === name);
    send(response, existed ? 200 : 201, { name, roles: [...new Set(body.roles)] });
  }

  async function deletePrincipal(name: string, response: ServerResponse) {
    if (!state.principals.has(name)) {
      throw new HttpError(404, ERROR_CODES.notFound, `principal "${name}" does not exist`);
    }
    await state.commitAsync({ op: 'removePrincipal', name });
    context.disconnect((identity) => identity.kind === 'password' && identity.principal === name);
    send(response, 200, { removed: name });
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
    const identity = await authorize(request);

    if (pathname === '/metrics' && method === 'GET') {
      const text = renderMetrics(
        context.serviceName,
        { sessions: context.sessions().length, topics: state.topics.size },
        context.counters,
      );
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      response.end(text);
      return;
    }
    if (pathname === '/admin/server' && method === 'GET') {
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
      send(response, 200, context.sessions());
      return;
    }
    if (pathname === '/admin/topics') {
      if (method === 'GET') return send(response, 200, listTopics(url));
      if (method === 'DELETE') return removeTopics(url, response);
    }
    if (pathname.startsWith('/admin/topics/')) {
      const path = decodePath(pathname.slice('/admin/topics/'.length));
      if (method === 'PUT') return putTopic(path, request, response);
      if (method === 'GET') {
        const topic = state.topics.get(path);
        if (topic === undefined)
          throw new HttpError(404, ERROR_CODES.notFound, `topic "${path}" does not exist`);
        return send(response, 200, topicView(path, topic));
      }
    }
    if (pathname === '/admin/credentials' && method === 'PUT')
      return putCredentials(request, response);
    if (pathname === '/admin/dashboard-revocations' && method === 'PUT')
      return putRevocations(identity, request, response);
    if (pathname === '/admin/principals' && method === 'GET') {
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
      if (method === 'PUT') return putPrincipal(name, request, response);
      if (method === 'DELETE') return deletePrincipal(name, response);
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
