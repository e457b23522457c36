import { ERROR_CODES } from '@herald/contract/api/errors';
import type { GlobalPermission, PathPermission } from '@herald/contract/security/permissions';
import type { SessionRights } from '@herald/contract/security/mqtt-rights';
import type { SessionIdentity } from '../policy/session-policy';
import { HttpError } from './admin-http';

/**
 * Authorisation of the admin API by the security model (docs/decisions/021): each route names the permission it
 * needs, and the caller's rights come from its token's roles against the store as it is now. A refusal is 403
 * naming the missing permission (and path), so the control plane and the dashboard can say why.
 */
const where = (path: string) => (path === '' ? 'at the root' : `on "${path}"`);

export function requireGlobal(rights: SessionRights, permission: GlobalPermission): void {
  if (!rights.hasGlobal(permission)) {
    throw new HttpError(
      403,
      ERROR_CODES.forbidden,
      `this session lacks the global permission ${permission}`,
    );
  }
}

export function requirePath(rights: SessionRights, path: string, permission: PathPermission): void {
  if (!rights.has(path, permission)) {
    throw new HttpError(
      403,
      ERROR_CODES.forbidden,
      `this session lacks ${permission} ${where(path)}`,
    );
  }
}

/**
 * A role or principal locked by principal L may be changed or removed only by a session of L. The admin API's callers
 * are token sessions (the control plane, members' dashboards), so for them any lock refuses: 409 naming L.
 */
export function requireUnlocked(
  identity: SessionIdentity,
  what: string,
  lockingPrincipal: string | null,
): void {
  if (lockingPrincipal === null) return;
  if (identity.kind === 'password' && identity.principal === lockingPrincipal) return;
  throw new HttpError(
    409,
    ERROR_CODES.conflict,
    `${what} is locked by principal "${lockingPrincipal}": only a session of that principal may change or remove it`,
  );
}
