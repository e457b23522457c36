import { DOT_SEGMENT_MESSAGE, isDotSegment } from '@herald/contract/common/path-segment';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  BUILT_IN_ROLES,
  ROLE_NAME_PATTERN,
  isBuiltInRole,
} from '@herald/contract/security/permissions';
import { checkRoleSave, unknownRoles } from '@herald/contract/security/role-rules';
import type { SessionRights } from '@herald/contract/security/mqtt-rights';
import {
  PRINCIPAL_NAME_PATTERN,
  anonymousActionInputSchema,
  defaultRolesInputSchema,
  isolatedPathsInputSchema,
  principalInputSchema,
  principalPasswordInputSchema,
  roleInputSchema,
  trustedPropertiesInputSchema,
  type Principal,
  type Role,
} from '@herald/contract/security/security.schema';
import { hashPassword } from '../auth/password-hash';
import type { Logger } from '../observability/log';
import { compileLinearPattern } from '../policy/linear-patterns';
import type { SessionIdentity } from '../policy/session-policy';
import type { DurableState, PrincipalState } from '../state/durable-state';
import { roleReferences, type CustomRoleState } from '../state/security-state';
import { badRequest, notFound, parseBody, readJson, send } from './admin-http';
import { requireGlobal, requireUnlocked } from './admin-access';

/**
 * The security store and authentication store routes of the admin API (docs/decisions/021): reads need
 * VIEW_SECURITY, writes MODIFY_SECURITY. Every write is durable before its answer, and then every live session's
 * rights are rebuilt: `disconnected` says how many sessions the change closed.
 */
export interface SecurityAdminContext {
  state: DurableState;
  logger: Logger;
  /** Rebuilds every live session's rights; closes those that may no longer stay; returns how many closed. */
  reevaluateSessions: () => number;
}

export interface Caller {
  identity: SessionIdentity;
  rights: SessionRights;
}

/**
 * The contract's principal body, except the password length: the dashboard and the control plane apply the
 * 8-character minimum (security.schema.ts) before they forward; the runtime keeps accepting what its earlier API
 * accepted (1 to 1024 characters), so existing callers and stored set-ups keep working.
 */
const principalBodySchema = principalInputSchema.extend({
  password: z.string().min(1).max(1024).optional(),
});

const byName = <T extends { name: string }>(a: T, b: T) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

export function roleView(role: CustomRoleState | (typeof BUILT_IN_ROLES)[number]): Role {
  return {
    name: role.name,
    builtIn: isBuiltInRole(role.name),
    description: role.description,
    globalPermissions: [...role.globalPermissions],
    defaultPathPermissions: [...role.defaultPathPermissions],
    pathPermissions: { ...role.pathPermissions },
    includedRoles: [...role.includedRoles],
    lockingPrincipal: role.lockingPrincipal,
  };
}

export function principalView(principal: PrincipalState): Principal {
  return {
    name: principal.name,
    roles: [...principal.assignedRoles],
    lockingPrincipal: principal.lockingPrincipal,
  };
}

function checkRoleName(name: string): void {
  if (!ROLE_NAME_PATTERN.test(name)) {
    throw badRequest('roleName: 1 to 64 letters, digits, "_", "-" or "."');
  }
  if (isDotSegment(name)) throw badRequest(`roleName: Role name ${DOT_SEGMENT_MESSAGE}`);
}

function checkPrincipalName(name: string): void {
  if (!PRINCIPAL_NAME_PATTERN.test(name)) {
    throw badRequest(
      'principalName: 1 to 128 characters without spaces, "/" or "?", not starting with "$"',
    );
  }
  if (isDotSegment(name)) {
    throw badRequest(`principalName: Principal name ${DOT_SEGMENT_MESSAGE}`);
  }
}

export function createSecurityRoutes(context: SecurityAdminContext) {
  const { state, logger } = context;
  const allRoles = () => [...BUILT_IN_ROLES, ...state.security.roles.values()];

  function refuseUnknownRoles(field: string, names: readonly string[]): void {
    const unknown = unknownRoles(allRoles(), names);
    if (unknown.length > 0) {
      throw badRequest(`${field}: unknown role ${unknown.map((name) => `"${name}"`).join(', ')}`);
    }
  }

  /** Rebuilds live sessions after a durable change and logs what changed (never a password). */
  function applied(change: string, details: Record<string, unknown>): number {
    const disconnected = context.reevaluateSessions();
    logger.info('security changed', { change, ...details, disconnected });
    return disconnected;
  }

  function getSecurity({ rights }: Caller, response: ServerResponse) {
    requireGlobal(rights, 'VIEW_SECURITY');
    const custom = [...state.security.roles.values()].sort(byName);
    send(response, 200, {
      roles: [...BUILT_IN_ROLES, ...custom].map(roleView),
      rolesForNamedSessions: [...state.security.rolesForNamedSessions],
      rolesForAnonymousSessions: [...state.security.rolesForAnonymousSessions],
      isolatedPaths: [...state.security.isolatedPaths],
    });
  }

  async function putRole(
    { identity, rights }: Caller,
    name: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    checkRoleName(name);
    const raw = await readJson(request);
    const rawPaths = (raw as { pathPermissions?: unknown }).pathPermissions;
    // JSON.parse keeps "__proto__" as a key, but zod's record would turn it into the object's prototype and drop it.
    if (typeof rawPaths === 'object' && rawPaths !== null && Object.hasOwn(rawPaths, '__proto__')) {
      throw badRequest('body.pathPermissions.__proto__: this path cannot be given permissions');
    }
    const body = parseBody(roleInputSchema, raw);
    const existing = state.security.roles.get(name);
    if (existing !== undefined)
      requireUnlocked(identity, `role "${name}"`, existing.lockingPrincipal);
    const role: CustomRoleState = {
      name,
      description:
        body.description === undefined || body.description === '' ? null : body.description,
      globalPermissions: body.globalPermissions,
      defaultPathPermissions: body.defaultPathPermissions,
      pathPermissions: body.pathPermissions,
      includedRoles: body.includedRoles,
      lockingPrincipal: body.lockingPrincipal ?? null,
    };
    const check = checkRoleSave(allRoles(), role);
    if (!check.ok) throw badRequest(`${check.field}: ${check.message}`);
    await state.commitAsync({ op: 'role', role });
    const disconnected = applied('role saved', { role: name });
    send(response, existing === undefined ? 201 : 200, {
      role: roleView(role),
      created: existing === undefined,
      disconnected,
    });
  }

  async function deleteRole({ identity, rights }: Caller, name: string, response: ServerResponse) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    if (isBuiltInRole(name)) {
      throw badRequest(`roleName: ${name} is a built-in role and cannot be removed`);
    }
    const role = state.security.roles.get(name);
    if (role === undefined) throw notFound(`role "${name}" does not exist`);
    requireUnlocked(identity, `role "${name}"`, role.lockingPrincipal);
    const references = roleReferences(state.security, state.principals, name);
    // The removal also edits the principals and roles that name it: a locked one must not change that way.
    for (const principal of references.principalsChanged) {
      const lock = state.principals.get(principal)?.lockingPrincipal ?? null;
      requireUnlocked(identity, `principal "${principal}" (which has role "${name}")`, lock);
    }
    for (const other of references.rolesChanged) {
      const lock = state.security.roles.get(other)?.lockingPrincipal ?? null;
      requireUnlocked(identity, `role "${other}" (which includes "${name}")`, lock);
    }
    await state.commitAsync({ op: 'removeRole', name });
    applied('role removed', { role: name, ...references });
    send(response, 200, { removed: name, ...references });
  }

  async function putDefaultRoles(
    { rights }: Caller,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    const body = parseBody(defaultRolesInputSchema, await readJson(request));
    refuseUnknownRoles('body.rolesForNamedSessions', body.rolesForNamedSessions);
    refuseUnknownRoles('body.rolesForAnonymousSessions', body.rolesForAnonymousSessions);
    await state.commitAsync({ op: 'defaultRoles', ...body });
    send(response, 200, { disconnected: applied('default roles', body) });
  }

  async function putIsolatedPaths(
    { rights }: Caller,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    const body = parseBody(isolatedPathsInputSchema, await readJson(request));
    await state.commitAsync({ op: 'isolatedPaths', paths: body.isolatedPaths });
    send(response, 200, { disconnected: applied('isolated paths', body) });
  }

  function getAuthentication({ rights }: Caller, response: ServerResponse) {
    requireGlobal(rights, 'VIEW_SECURITY');
    send(response, 200, {
      principals: [...state.principals.values()].sort(byName).map(principalView),
      anonymousAction: state.security.anonymousAction,
      trustedProperties: state.security.trustedProperties,
    });
  }

  async function putPrincipal(
    { identity, rights }: Caller,
    name: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    checkPrincipalName(name);
    const body = parseBody(principalBodySchema, await readJson(request));
    const existing = state.principals.get(name);
    if (existing !== undefined) {
      requireUnlocked(identity, `principal "${name}"`, existing.lockingPrincipal);
    } else if (body.password === undefined) {
      throw badRequest('body.password: a new principal needs a password');
    }
    refuseUnknownRoles('body.roles', body.roles);
    const passwordHash =
      body.password === undefined
        ? (existing?.passwordHash ?? '')
        : await hashPassword(body.password);
    // The hash took a while: another write may have created or locked the principal meanwhile.
    const current = state.principals.get(name);
    if (current !== undefined)
      requireUnlocked(identity, `principal "${name}"`, current.lockingPrincipal);
    const principal: PrincipalState = {
      name,
      passwordHash,
      assignedRoles: body.roles,
      lockingPrincipal: body.lockingPrincipal ?? null,
    };
    await state.commitAsync({ op: 'principal', principal });
    const disconnected = applied('principal saved', {
      principal: name,
      passwordChanged: body.password !== undefined,
    });
    send(response, existing === undefined ? 201 : 200, {
      principal: principalView(principal),
      created: existing === undefined,
      disconnected,
    });
  }

  async function putPrincipalPassword(
    { identity, rights }: Caller,
    name: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    const body = parseBody(principalPasswordInputSchema, await readJson(request));
    const existing = state.principals.get(name);
    if (existing === undefined) throw notFound(`principal "${name}" does not exist`);
    requireUnlocked(identity, `principal "${name}"`, existing.lockingPrincipal);
    const passwordHash = await hashPassword(body.password);
    const current = state.principals.get(name);
    if (current === undefined) throw notFound(`principal "${name}" does not exist`);
    requireUnlocked(identity, `principal "${name}"`, current.lockingPrincipal);
    await state.commitAsync({ op: 'principal', principal: { ...current, passwordHash } });
    send(response, 200, { disconnected: applied('password changed', { principal: name }) });
  }

  async function deletePrincipal(
    { identity, rights }: Caller,
    name: string,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    const existing = state.principals.get(name);
    if (existing === undefined) throw notFound(`principal "${name}" does not exist`);
    requireUnlocked(identity, `principal "${name}"`, existing.lockingPrincipal);
    await state.commitAsync({ op: 'removePrincipal', name });
    send(response, 200, {
      removed: name,
      disconnected: applied('principal removed', { principal: name }),
    });
  }

  async function putAnonymousAction(
    { rights }: Caller,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    const body = parseBody(anonymousActionInputSchema, await readJson(request));
    await state.commitAsync({ op: 'anonymousAction', value: body.anonymousAction });
    send(response, 200, { disconnected: applied('anonymous action', body) });
  }

  async function putTrustedProperties(
    { rights }: Caller,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    requireGlobal(rights, 'MODIFY_SECURITY');
    const body = parseBody(trustedPropertiesInputSchema, await readJson(request));
    for (const [property, rule] of Object.entries(body.trustedProperties)) {
      if (rule.type !== 'regex') continue;
      try {
        // The same whole-value, linear-time compilation as at login (policy/session-properties.ts).
        compileLinearPattern(`^(?:${rule.regex})$`);
      } catch (error) {
        throw badRequest(
          `body.trustedProperties.${property}.regex: not a supported regular expression (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
    await state.commitAsync({ op: 'trustedProperties', value: body.trustedProperties });
    send(response, 200, {
      disconnected: applied('trusted properties', {
        properties: Object.keys(body.trustedProperties),
      }),
    });
  }

  return {
    getSecurity,
    putRole,
    deleteRole,
    putDefaultRoles,
    putIsolatedPaths,
    getAuthentication,
    putPrincipal,
    putPrincipalPassword,
    deletePrincipal,
    putAnonymousAction,
    putTrustedProperties,
  };
}
