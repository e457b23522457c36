import { hasPermission, type Role } from '../members/permissions';
import { DASHBOARD_TOKEN_TTL_SECONDS } from './service-token';

/**
 * What a member may do inside a service through the dashboard principal (spec section 6, DATA-PLANE "Security
 * store"): the runtime role follows the workspace role, so what the API refuses a member is refused over MQTT and
 * the runtime's admin API too. A member who may configure the service console (Admin, Owner) acts as
 * ADMINISTRATOR; anyone else (User) as CLIENT, who browses: subscribes and reads values, never `$SYS/`, never
 * publishes, clears values or creates principals (docs/decisions/013).
 */
export const DASHBOARD_RUNTIME_ROLES = {
  administrator: 'ADMINISTRATOR',
  client: 'CLIENT',
} as const;
export type DashboardRuntimeRole =
  (typeof DASHBOARD_RUNTIME_ROLES)[keyof typeof DASHBOARD_RUNTIME_ROLES];

export function dashboardRuntimeRole(role: Role): DashboardRuntimeRole {
  return hasPermission([role], 'configure-service-console')
    ? DASHBOARD_RUNTIME_ROLES.administrator
    : DASHBOARD_RUNTIME_ROLES.client;
}

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
