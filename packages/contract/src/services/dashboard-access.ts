import { DASHBOARD_TOKEN_TTL_SECONDS } from './service-token';

/**
 * What a member may do inside a service through the dashboard principal follows the workspace role (spec section 6):
 * the roles of the member's token are contract security/session-roles.ts `memberSessionRoles` (Admin and Owner
 * ADMINISTRATOR, User OBSERVER: reads topics and the security screens, never `$SYS/`, publishes nothing;
 * docs/decisions/013 and 021), so what the API refuses a member is refused over MQTT and by the runtime's admin API
 * too. This file keeps the revocation of members' dashboard tokens.
 */

/**
 * A revocation of a member's dashboard tokens in one workspace: every token of `customerId` issued at or before
 * `notBefore` (epoch milliseconds) is refused, and live sessions opened with one are closed. Written when a member
 * is removed, leaves, changes role or deletes the account, and when the user signs out or changes the password.
 */
export interface DashboardRevocation {
  customerId: string;
  notBefore: number;
}

/**
 * Whether a token issued at `issuedAtSeconds` (the `iat` claim, milliseconds as a fraction) is revoked by a
 * revocation at `notBeforeMs`. "At or before": the control plane takes the issue time before it reads the roles
 * and the revocation time after the change is written, so a token carrying the old role is never newer.
 */
export function isRevokedDashboardToken(
  issuedAtSeconds: number,
  notBeforeMs: number | undefined,
): boolean {
  if (notBeforeMs === undefined) return false;
  return Math.round(issuedAtSeconds * 1000) <= notBeforeMs;
}

/** A revocation can be forgotten once every token it refuses has expired (plus a minute for clock steps). */
export const DASHBOARD_REVOCATION_KEEP_MS = (DASHBOARD_TOKEN_TTL_SECONDS + 60) * 1000;

export function isDashboardRevocationObsolete(notBeforeMs: number, nowMs: number): boolean {
  return notBeforeMs + DASHBOARD_REVOCATION_KEEP_MS < nowMs;
}
