import { ERROR_CODES } from '@herald/contract/api/errors';
import type { ErrorCode, ErrorIssue } from '@herald/contract/api/errors';
import { isServiceMenuEnabled } from '@herald/contract/services/service-status-rules';
import { serviceStatusWords } from '@herald/contract/services/service-status-words';
import { SERVICE_STATUSES } from '@herald/contract/services/service-status';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RuntimeEndpoint } from '../../adapters/provisioner/provisioner';
import { RuntimeCallError } from '../../adapters/provisioner/runtime-call-error';
import { callRuntimeJson } from '../../adapters/provisioner/runtime-client';
import { workspaceMember } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { requireSession } from '../../plugins/auth';
import { SERVICE_NOT_FOUND_MESSAGE, serviceOf } from '../../plugins/route-registry';
import type { ServiceRow } from '../service/service.repository';

/**
 * How a topic route reaches the service's runtime (docs/decisions/019 "Control-plane topic routes"): only while the
 * service is RUNNING, with the member's own dashboard token, so the runtime applies the member's role exactly as
 * over MQTT (a User acts as CLIENT and may only read). Runtime failures become the error envelope, never a 500.
 */

export const TOPIC_ROUTE_MESSAGES = {
  notRunning: (status: string) => `The service is not running: it is ${statusLabel(status)}.`,
  noAnswer: 'The service did not answer; try again.',
  refused:
    'The service refused your access (your role may have just changed); reload the page and try again.',
} as const;

/** The person's word for the status ("Starting", "Suspended"); the wire value if this version does not know it. */
function statusLabel(status: string): string {
  return (SERVICE_STATUSES as readonly string[]).includes(status)
    ? serviceStatusWords(status as ServiceStatus).label
    : status;
}

export interface RuntimeAccess {
  endpoint: RuntimeEndpoint;
  /** The member's dashboard token for this service's workspace (never logged). */
  token: string;
}

/**
 * The member's dashboard token carrying their role in this workspace only. The issue time is taken before the role
 * is read, so a role change written after the read revokes the token (contract services/dashboard-access.ts); a
 * fresh token per request keeps that exact (docs/decisions/019: an ES256 signature costs well under a millisecond).
 */
async function signMemberToken(
  app: FastifyInstance,
  customerId: string,
  row: ServiceRow,
): Promise<string> {
  const issuedAt = app.clock();
  const [membership] = await app.db
    .select({ role: workspaceMember.role })
    .from(workspaceMember)
    .where(
      and(
        eq(workspaceMember.workspaceId, row.workspaceId),
        eq(workspaceMember.customerId, customerId),
      ),
    );
  // Removed between the guard and now: the same answer a non-member gets.
  if (!membership) throw new HttpError(404, ERROR_CODES.notFound, SERVICE_NOT_FOUND_MESSAGE);
  const { token } = await app.tokens.signDashboardToken({
    customerId,
    workspaceRoles: { [row.workspaceId]: membership.role },
    issuedAt,
  });
  return token;
}

/** The running service's runtime and the member's token, or 409 (not running) / 503 (no runtime answers). */
export async function runtimeAccessOf(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<RuntimeAccess> {
  const row = serviceOf(request);
  if (!isServiceMenuEnabled(row.status)) {
    throw new HttpError(409, ERROR_CODES.conflict, TOPIC_ROUTE_MESSAGES.notRunning(row.status));
  }
  // RUNNING in the row but not registered (this server is re-attaching it, or it just crashed).
  const endpoint = app.provisioner.endpointOf(row.id);
  if (!endpoint) throw new HttpError(503, ERROR_CODES.unavailable, TOPIC_ROUTE_MESSAGES.noAnswer);
  const { userId } = requireSession(request);
  return { endpoint, token: await signMemberToken(app, userId, row) };
}

/** `body.value: …`, `query.path: …`, `params.roleName: …`, or a bare `name: …` the caller's `renames` translate. */
const FIELD_PREFIX = /^((?:body|query|params)(?:\.[^\s:]+)*|[A-Za-z][\w-]*): (.+)$/s;

/** How a route reads the runtime's field names (docs/decisions/019, 021). */
export interface RuntimeFieldNames {
  /** The runtime's bare field names → the API's (`path` → `query.path`, `name` → `params.roleName`). */
  renames?: Record<string, string>;
  /** The field a 400 or 409 naming no field is about (the role or principal the call names). */
  subjectField?: string;
}

const TOPIC_FIELDS: RuntimeFieldNames = { renames: { path: 'query.path' } };

/** `body.value: not an integer` → an issue on `body.value`; a bare name is translated or, unknown, not an issue. */
function issuesOf(message: string, fields: RuntimeFieldNames): ErrorIssue[] | undefined {
  const match = FIELD_PREFIX.exec(message);
  const named = match?.[1] ?? '';
  const field = /^(body|query|params)\b/.test(named) ? named : fields.renames?.[named];
  if (match && field) return [{ path: field, message: match[2] ?? message }];
  return fields.subjectField ? [{ path: fields.subjectField, message }] : undefined;
}

const PASSED_THROUGH: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
};

/**
 * A failed runtime call as the API's answer: the runtime's own 400/404/409/413 with its message (a bad value for
 * the type, no such topic, capacity reached); a refused token as 403 (a 401 would sign the member out); anything
 * else (timeout, refused connection, 5xx, an answer we cannot read) as 503.
 */
export function runtimeFailure(
  error: unknown,
  request: FastifyRequest,
  fields: RuntimeFieldNames = TOPIC_FIELDS,
): HttpError {
  if (error instanceof HttpError) return error;
  const status = error instanceof RuntimeCallError ? error.status : undefined;
  const runtimeMessage = error instanceof RuntimeCallError ? error.runtimeMessage : undefined;
  const code = status === undefined ? undefined : PASSED_THROUGH[status];
  if (code !== undefined && status !== undefined && runtimeMessage) {
    const issues = status === 400 || status === 409 ? issuesOf(runtimeMessage, fields) : undefined;
    return new HttpError(status, code, runtimeMessage, { ...(issues && { issues }) });
  }
  if (status === 401 || status === 403) {
    request.log.warn({ err: error }, 'The runtime refused a member dashboard token');
    return new HttpError(403, ERROR_CODES.forbidden, TOPIC_ROUTE_MESSAGES.refused);
  }
  request.log.warn({ err: error }, 'A call to the runtime failed');
  return new HttpError(503, ERROR_CODES.unavailable, TOPIC_ROUTE_MESSAGES.noAnswer);
}

/**
 * One call to the service's runtime as the member (JSON in, JSON out), its answer checked against `schema`: an
 * answer of another shape is the runtime's failure (503), never passed on.
 */
export async function forwardToRuntime<S extends z.ZodType>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: S,
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; fields?: RuntimeFieldNames } = {},
): Promise<z.output<S>> {
  const { endpoint, token } = await runtimeAccessOf(app, request);
  try {
    const answer = await callRuntimeJson(endpoint, method, path, token, {
      ...(options.body !== undefined && { body: options.body }),
    });
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
      throw new RuntimeCallError(
        `Runtime ${method} ${path} answered an unexpected shape: ${parsed.error.message.slice(0, 300)}`,
      );
    }
    return parsed.data;
  } catch (error) {
    throw runtimeFailure(error, request, options.fields);
  }
}
