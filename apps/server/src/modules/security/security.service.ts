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
import { withQuery } from '../../adapters/provisioner/runtime-client';
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

/** The runtime's URL of one role or principal: the name percent-encoded (a principal name may hold `%` or `&`). */
const roleUrl = (name: string) => `/admin/security/roles/${encodeURIComponent(name)}`;
const principalUrl = (name: string) => `/admin/principals/${encodeURIComponent(name)}`;

/** At most this many paths of a list go into an audit row (the count says how many there were). */
const AUDITED_LIST_LIMIT = 20;

function audit(
  app: FastifyInstance,
  request: FastifyRequest,
  action: AuditAction,
  details: Record<string, unknown>,
): Promise<void> {
  return auditServiceAction(app, request, serviceOf(request), action, details);
}

export function getSecurity(app: FastifyInstance, request: FastifyRequest): Promise<SecurityStore> {
  return forwardToRuntime(app, request, securityStoreSchema, 'GET', '/admin/security');
}

export async function putRole(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  body: unknown,
): Promise<RoleSaved> {
  const saved = await forwardToRuntime(app, request, roleSavedSchema, 'PUT', roleUrl(name), {
    body,
    fields: ROLE_FIELDS,
  });
  await audit(app, request, 'service.role_saved', {
    role: name,
    created: saved.created,
    lockingPrincipal: saved.role.lockingPrincipal,
    disconnected: saved.disconnected,
  });
  return saved;
}

export async function deleteRole(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
): Promise<RoleRemoved> {
  const removed = await forwardToRuntime(app, request, roleRemovedSchema, 'DELETE', roleUrl(name), {
    fields: ROLE_FIELDS,
  });
  await audit(app, request, 'service.role_removed', {
    role: name,
    principalsChanged: removed.principalsChanged,
    rolesChanged: removed.rolesChanged,
  });
  return removed;
}

export async function putDefaultRoles(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { rolesForNamedSessions: string[]; rolesForAnonymousSessions: string[] },
): Promise<WriteResult> {
  const result = await forwardToRuntime(
    app,
    request,
    securityWriteResultSchema,
    'PUT',
    '/admin/security/default-roles',
    { body },
  );
  await audit(app, request, 'service.default_roles_changed', {
    rolesForNamedSessions: body.rolesForNamedSessions,
    rolesForAnonymousSessions: body.rolesForAnonymousSessions,
    disconnected: result.disconnected,
  });
  return result;
}

export async function putIsolatedPaths(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { isolatedPaths: string[] },
): Promise<WriteResult> {
  const result = await forwardToRuntime(
    app,
    request,
    securityWriteResultSchema,
    'PUT',
    '/admin/security/isolated-paths',
    { body },
  );
  await audit(app, request, 'service.isolated_paths_changed', {
    isolatedPaths: body.isolatedPaths.slice(0, AUDITED_LIST_LIMIT),
    count: body.isolatedPaths.length,
    disconnected: result.disconnected,
  });
  return result;
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

export async function putPrincipal(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  body: { password?: string | undefined; roles: string[]; lockingPrincipal?: string | null },
): Promise<PrincipalSaved> {
  const saved = await forwardToRuntime(
    app,
    request,
    principalSavedSchema,
    'PUT',
    principalUrl(name),
    { body, fields: PRINCIPAL_FIELDS },
  );
  // Whether a password was set, never the password.
  await audit(app, request, 'service.principal_saved', {
    principal: name,
    created: saved.created,
    roles: saved.principal.roles,
    passwordChanged: !saved.created && body.password !== undefined,
    lockingPrincipal: saved.principal.lockingPrincipal,
    disconnected: saved.disconnected,
  });
  return saved;
}

export async function putPrincipalPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  body: { password: string },
): Promise<WriteResult> {
  const result = await forwardToRuntime(
    app,
    request,
    securityWriteResultSchema,
    'PUT',
    `${principalUrl(name)}/password`,
    { body, fields: PRINCIPAL_FIELDS },
  );
  await audit(app, request, 'service.principal_password_set', {
    principal: name,
    disconnected: result.disconnected,
  });
  return result;
}

export async function deletePrincipal(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
): Promise<PrincipalRemoved> {
  const removed = await forwardToRuntime(
    app,
    request,
    principalRemovedSchema,
    'DELETE',
    principalUrl(name),
    { fields: PRINCIPAL_FIELDS },
  );
  await audit(app, request, 'service.principal_removed', {
    principal: name,
    disconnected: removed.disconnected,
  });
  return removed;
}

export async function putAnonymousAction(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { anonymousAction: AnonymousAction },
): Promise<WriteResult> {
  const result = await forwardToRuntime(
    app,
    request,
    securityWriteResultSchema,
    'PUT',
    '/admin/authentication/anonymous',
    { body },
  );
  await audit(app, request, 'service.anonymous_action_changed', {
    anonymousAction: body.anonymousAction,
    disconnected: result.disconnected,
  });
  return result;
}

export async function putTrustedProperties(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { trustedProperties: TrustedProperties },
): Promise<WriteResult> {
  const result = await forwardToRuntime(
    app,
    request,
    securityWriteResultSchema,
    'PUT',
    '/admin/authentication/trusted-properties',
    { body },
  );
  await audit(app, request, 'service.trusted_properties_changed', {
    properties: Object.keys(body.trustedProperties),
    disconnected: result.disconnected,
  });
  return result;
}
