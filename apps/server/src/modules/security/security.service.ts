import type { AuditAction } from '@herald/contract/members/member.schema';
import {
  authenticationStoreSchema,
  explanationSchema,
  principalRemovedSchema,
  principalSavedSchema,
  roleRemovedSchema,
  roleSavedSchema,
  securityStoreSchema,
  securityWriteResultSchema,
} from '@herald/contract/security/security.schema';
import type {
  AnonymousAction,
  AuthenticationStore,
  Explanation,
  SecurityStore,
  TrustedProperties,
} from '@herald/contract/security/security.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  runtimePrincipalUrl,
  runtimeRoleUrl,
  withQuery,
} from '../../adapters/provisioner/runtime-paths';
import { serviceOf } from '../../plugins/route-registry';
import { auditServiceAction } from '../service/service-audit';
import { forwardToRuntime } from '../topics/runtime-access';
import type { RuntimeFieldNames } from '../topics/runtime-access';

/**
 * A service's security and authentication stores (docs/decisions/021): the runtime keeps them, so each call is
 * forwarded to it with the member's own dashboard token (its checks apply: a User reads as OBSERVER, an Owner or
 * Admin changes as ADMINISTRATOR). The contract's schemas checked the input already; the answer is checked against
 * the route's schema. Each write is one audit action, recorded after the runtime made it durable, never with a
 * password in it.
 */

type RoleSaved = z.output<typeof roleSavedSchema>;
type RoleRemoved = z.output<typeof roleRemovedSchema>;
type PrincipalSaved = z.output<typeof principalSavedSchema>;
type PrincipalRemoved = z.output<typeof principalRemovedSchema>;
type WriteResult = z.output<typeof securityWriteResultSchema>;

/** How the runtime names the fields of these calls (admin-security.ts) → the API's names. */
const ROLE_FIELDS: RuntimeFieldNames = {
  renames: { roleName: 'params.roleName' },
  subjectField: 'params.roleName',
};
const PRINCIPAL_FIELDS: RuntimeFieldNames = {
  renames: { principalName: 'params.principalName' },
  subjectField: 'params.principalName',
};
const EXPLAIN_FIELDS: RuntimeFieldNames = {
  renames: { subject: 'query.subject', target: 'query.target' },
};

/** At most this many paths of a list go into an audit row (the count says how many there were). */
const AUDITED_LIST_LIMIT = 20;

/**
 * One write: forwarded to the runtime, then one audit row once the runtime made it durable, its details drawn from
 * the input and the runtime's answer (a failed call audits nothing).
 */
interface AuditedWrite<S extends z.ZodType> {
  schema: S;
  method: 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  fields?: RuntimeFieldNames;
  action: AuditAction;
  details: (answer: z.output<S>) => Record<string, unknown>;
}

async function writeAudited<S extends z.ZodType>(
  app: FastifyInstance,
  request: FastifyRequest,
  write: AuditedWrite<S>,
): Promise<z.output<S>> {
  const { schema, method, url, action, details, ...options } = write;
  const answer = await forwardToRuntime(app, request, schema, method, url, options);
  await auditServiceAction(app, request, serviceOf(request), action, details(answer));
  return answer;
}

export function getSecurity(app: FastifyInstance, request: FastifyRequest): Promise<SecurityStore> {
  return forwardToRuntime(app, request, securityStoreSchema, 'GET', '/admin/security');
}

export function putRole(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  body: unknown,
): Promise<RoleSaved> {
  return writeAudited(app, request, {
    schema: roleSavedSchema,
    method: 'PUT',
    url: runtimeRoleUrl(name),
    body,
    fields: ROLE_FIELDS,
    action: 'service.role_saved',
    details: (saved) => ({
      role: name,
      created: saved.created,
      lockingPrincipal: saved.role.lockingPrincipal,
      disconnected: saved.disconnected,
    }),
  });
}

export function deleteRole(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
): Promise<RoleRemoved> {
  return writeAudited(app, request, {
    schema: roleRemovedSchema,
    method: 'DELETE',
    url: runtimeRoleUrl(name),
    fields: ROLE_FIELDS,
    action: 'service.role_removed',
    details: (removed) => ({
      role: name,
      principalsChanged: removed.principalsChanged,
      rolesChanged: removed.rolesChanged,
    }),
  });
}

export function putDefaultRoles(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { rolesForNamedSessions: string[]; rolesForAnonymousSessions: string[] },
): Promise<WriteResult> {
  return writeAudited(app, request, {
    schema: securityWriteResultSchema,
    method: 'PUT',
    url: '/admin/security/default-roles',
    body,
    action: 'service.default_roles_changed',
    details: (result) => ({
      rolesForNamedSessions: body.rolesForNamedSessions,
      rolesForAnonymousSessions: body.rolesForAnonymousSessions,
      disconnected: result.disconnected,
    }),
  });
}

export function putIsolatedPaths(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { isolatedPaths: string[] },
): Promise<WriteResult> {
  return writeAudited(app, request, {
    schema: securityWriteResultSchema,
    method: 'PUT',
    url: '/admin/security/isolated-paths',
    body,
    action: 'service.isolated_paths_changed',
    details: (result) => ({
      isolatedPaths: body.isolatedPaths.slice(0, AUDITED_LIST_LIMIT),
      count: body.isolatedPaths.length,
      disconnected: result.disconnected,
    }),
  });
}

export function explainAccess(
  app: FastifyInstance,
  request: FastifyRequest,
  query: { subject: string; target: string },
): Promise<Explanation> {
  const url = withQuery('/admin/security/explain', query);
  return forwardToRuntime(app, request, explanationSchema, 'GET', url, { fields: EXPLAIN_FIELDS });
}

export function getAuthentication(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthenticationStore> {
  return forwardToRuntime(app, request, authenticationStoreSchema, 'GET', '/admin/authentication');
}

export function putPrincipal(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  body: { password?: string | undefined; roles: string[]; lockingPrincipal?: string | null },
): Promise<PrincipalSaved> {
  return writeAudited(app, request, {
    schema: principalSavedSchema,
    method: 'PUT',
    url: runtimePrincipalUrl(name),
    body,
    fields: PRINCIPAL_FIELDS,
    action: 'service.principal_saved',
    // Whether a password was set, never the password.
    details: (saved) => ({
      principal: name,
      created: saved.created,
      roles: saved.principal.roles,
      passwordChanged: !saved.created && body.password !== undefined,
      lockingPrincipal: saved.principal.lockingPrincipal,
      disconnected: saved.disconnected,
    }),
  });
}

export function putPrincipalPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  body: { password: string },
): Promise<WriteResult> {
  return writeAudited(app, request, {
    schema: securityWriteResultSchema,
    method: 'PUT',
    url: runtimePrincipalUrl(name, 'password'),
    body,
    fields: PRINCIPAL_FIELDS,
    action: 'service.principal_password_set',
    details: (result) => ({ principal: name, disconnected: result.disconnected }),
  });
}

export function deletePrincipal(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
): Promise<PrincipalRemoved> {
  return writeAudited(app, request, {
    schema: principalRemovedSchema,
    method: 'DELETE',
    url: runtimePrincipalUrl(name),
    fields: PRINCIPAL_FIELDS,
    action: 'service.principal_removed',
    details: (removed) => ({ principal: name, disconnected: removed.disconnected }),
  });
}

export function putAnonymousAction(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { anonymousAction: AnonymousAction },
): Promise<WriteResult> {
  return writeAudited(app, request, {
    schema: securityWriteResultSchema,
    method: 'PUT',
    url: '/admin/authentication/anonymous',
    body,
    action: 'service.anonymous_action_changed',
    details: (result) => ({
      anonymousAction: body.anonymousAction,
      disconnected: result.disconnected,
    }),
  });
}

export function putTrustedProperties(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { trustedProperties: TrustedProperties },
): Promise<WriteResult> {
  return writeAudited(app, request, {
    schema: securityWriteResultSchema,
    method: 'PUT',
    url: '/admin/authentication/trusted-properties',
    body,
    action: 'service.trusted_properties_changed',
    details: (result) => ({
      properties: Object.keys(body.trustedProperties),
      disconnected: result.disconnected,
    }),
  });
}
