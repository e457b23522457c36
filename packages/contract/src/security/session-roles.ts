import type { Role as WorkspaceRole } from '../members/permissions';
import { hasPermission } from '../members/permissions';
import type { ServiceTokenAccess } from '../services/service-token';
import { TOKEN_SESSION_ROLES } from './permissions';

/**
 * The roles a session starts with, before included roles are expanded (docs/decisions/021): a principal's assigned
 * roles plus the roles for named sessions; the anonymous session's roles; and, for the sessions that carry a
 * control-plane token, the built-in roles of TOKEN_SESSION_ROLES. `origins` says, per role, why the session has it
 * (the explainer shows it).
 */
export type SessionSubject =
  | { kind: 'principal'; name: string; assignedRoles: readonly string[] }
  | { kind: 'anonymous' }
  | { kind: 'serviceToken'; access: ServiceTokenAccess }
  | { kind: 'member'; workspaceRole: WorkspaceRole };

export interface DefaultRoles {
  rolesForNamedSessions: readonly string[];
  rolesForAnonymousSessions: readonly string[];
}

export interface SessionRoles {
  roles: string[];
  origins: Record<string, string>;
}

function collect(groups: [readonly string[], string][]): SessionRoles {
  // A Map, not an object literal: role names such as "constructor" or "__proto__" are valid and would otherwise hit
  // Object.prototype and be dropped.
  const origins = new Map<string, string>();
  for (const [roles, origin] of groups) {
    for (const role of roles) if (!origins.has(role)) origins.set(role, origin);
  }
  return { roles: [...origins.keys()], origins: Object.fromEntries(origins) };
}

/** A member's workspace role decides the dashboard token's roles (spec section 6: configure-service-console). */
export function memberSessionRoles(workspaceRole: WorkspaceRole): readonly string[] {
  return hasPermission([workspaceRole], 'configure-service-console')
    ? TOKEN_SESSION_ROLES.dashboardAdministrator
    : TOKEN_SESSION_ROLES.dashboardUser;
}

const SERVICE_TOKEN_ROLES: Record<ServiceTokenAccess, [readonly string[], string]> = {
  write: [TOKEN_SESSION_ROLES.serviceTokenWrite, 'service API token with write scope'],
  read: [TOKEN_SESSION_ROLES.serviceTokenRead, 'service API token with read scope'],
  adapter: [TOKEN_SESSION_ROLES.serviceTokenAdapter, 'an adapter of the service'],
};

export function sessionRoles(subject: SessionSubject, defaults: DefaultRoles): SessionRoles {
  switch (subject.kind) {
    case 'principal':
      return collect([
        [subject.assignedRoles, `assigned to principal "${subject.name}"`],
        [defaults.rolesForNamedSessions, 'roles for named sessions'],
      ]);
    case 'anonymous':
      return collect([[defaults.rolesForAnonymousSessions, 'roles for anonymous sessions']]);
    case 'serviceToken':
      return collect([SERVICE_TOKEN_ROLES[subject.access]]);
    case 'member':
      return collect([
        [
          memberSessionRoles(subject.workspaceRole),
          `dashboard member with workspace role ${subject.workspaceRole}`,
        ],
      ]);
  }
}
