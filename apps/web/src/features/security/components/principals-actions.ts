import type { Principal } from '@herald/contract/security/security.schema';

import { CANNOT_CHANGE_SECURITY_REASON } from './security-write-words';

export { CANNOT_CHANGE_SECURITY_REASON };

/**
 * Why the dashboard cannot change or remove this principal, or null when it can (docs/decisions/021: a locked
 * principal is changed only by a session of its locking principal; the runtime answers 409 otherwise).
 */
export function principalWriteRefusal(principal: Principal, canEdit: boolean): string | null {
  if (!canEdit) return CANNOT_CHANGE_SECURITY_REASON;
  if (principal.lockingPrincipal !== null) {
    return `Locked by principal "${principal.lockingPrincipal}": only a session of that principal can change it.`;
  }
  return null;
}
