import {
  anonymousActionInputSchema,
  authenticationStoreSchema,
  defaultRolesInputSchema,
  explainQuerySchema,
  explanationSchema,
  isolatedPathsInputSchema,
  principalInputSchema,
  principalParamsFields,
  principalPasswordInputSchema,
  principalRemovedSchema,
  principalSavedSchema,
  roleInputSchema,
  roleParamsFields,
  roleRemovedSchema,
  roleSavedSchema,
  securityStoreSchema,
  securityWriteResultSchema,
  trustedPropertiesInputSchema,
} from '../../security/security.schema';
import { defineRoute } from '../define-route';
import { serviceParamsSchema } from './params';

const tags = ['security'] as const;
const roleParamsSchema = serviceParamsSchema.extend(roleParamsFields);
const principalParamsSchema = serviceParamsSchema.extend(principalParamsFields);
const permission = 'configure-service-console';

/**
 * A service's security (spec section 2 roles/…, authentication/…; the calls are ours: docs/decisions/021). Forwarded
 * to the service's runtime with the member's dashboard token, so the runtime's own checks apply too: a User reads
 * (as OBSERVER: VIEW_SECURITY), Owners and Admins change (as ADMINISTRATOR: MODIFY_SECURITY).
 */
export const securityRoutes = {
  getSecurity: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/security',
    summary: 'Roles, default roles and isolated paths',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    responses: { 200: securityStoreSchema },
  }),
  putRole: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/security/roles/{roleName}',
    summary:
      'Create or replace a role (built-in roles are read-only; included roles may not form a cycle)',
    tags,
    access: 'service',
    permission,
    params: roleParamsSchema,
    body: roleInputSchema,
    responses: { 200: roleSavedSchema },
  }),
  deleteRole: defineRoute({
    method: 'DELETE',
    path: '/v3/service/{serviceId}/security/roles/{roleName}',
    summary: 'Remove a role; it is also taken out of principals, default roles and other roles',
    tags,
    access: 'service',
    permission,
    params: roleParamsSchema,
    responses: { 200: roleRemovedSchema },
  }),
  putDefaultRoles: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/security/default-roles',
    summary: 'Roles every named session and every anonymous session gets',
    tags,
    access: 'service',
    permission,
    params: serviceParamsSchema,
    body: defaultRolesInputSchema,
    responses: { 200: securityWriteResultSchema },
  }),
  putIsolatedPaths: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/security/isolated-paths',
    summary: 'Paths that do not inherit permissions from their ancestors',
    tags,
    access: 'service',
    permission,
    params: serviceParamsSchema,
    body: isolatedPathsInputSchema,
    responses: { 200: securityWriteResultSchema },
  }),
  explainAccess: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/security/explain',
    summary:
      'What a principal, the anonymous session or a token may do on a path, filter or selector, and why',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    query: explainQuerySchema,
    responses: { 200: explanationSchema },
  }),
  getAuthentication: defineRoute({
    method: 'GET',
    path: '/v3/service/{serviceId}/authentication',
    summary:
      'Principals (never their passwords), the anonymous policy and trusted session properties',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    responses: { 200: authenticationStoreSchema },
  }),
  putPrincipal: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/authentication/principals/{principalName}',
    summary: 'Create a principal (password required) or change its roles',
    tags,
    access: 'service',
    permission,
    params: principalParamsSchema,
    body: principalInputSchema,
    responses: { 200: principalSavedSchema },
  }),
  putPrincipalPassword: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/authentication/principals/{principalName}/password',
    summary: "Set a principal's password (its live sessions are closed)",
    tags,
    access: 'service',
    permission,
    params: principalParamsSchema,
    body: principalPasswordInputSchema,
    responses: { 200: securityWriteResultSchema },
  }),
  deletePrincipal: defineRoute({
    method: 'DELETE',
    path: '/v3/service/{serviceId}/authentication/principals/{principalName}',
    summary: 'Remove a principal (its live sessions are closed)',
    tags,
    access: 'service',
    permission,
    params: principalParamsSchema,
    responses: { 200: principalRemovedSchema },
  }),
  putAnonymousAction: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/authentication/anonymous',
    summary: 'Allow (with the anonymous roles), deny or abstain on connections without credentials',
    tags,
    access: 'service',
    permission,
    params: serviceParamsSchema,
    body: anonymousActionInputSchema,
    responses: { 200: securityWriteResultSchema },
  }),
  putTrustedProperties: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/authentication/trusted-properties',
    summary: 'Session properties a client may propose, by allowed values or by regular expression',
    tags,
    access: 'service',
    permission,
    params: serviceParamsSchema,
    body: trustedPropertiesInputSchema,
    responses: { 200: securityWriteResultSchema },
  }),
} as const;
